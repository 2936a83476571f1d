import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embeddedIdempotencyKeys, geoCache, idempotencyKeys, jobs, mailQueue, paymentWebhookEvents, session, signInLockouts, verification } from "../db/schema";
import { createTestApp, type TestApp } from "../test/harness";
import { pruneStaleRows } from "./prune";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600 * 1000);

describe("housekeeping", () => {
  it("deletes stale idempotency keys, geo cache rows, expired sessions and verifications, old sent or failed mail, and keeps the rest", async () => {
    const { user, cookie } = await t.userWithSession();
    await t.db.insert(idempotencyKeys).values([
      { userId: user.id, key: "old-key", requestHash: "h", createdAt: hoursAgo(25) },
      { userId: user.id, key: "fresh-key", requestHash: "h", createdAt: hoursAgo(23) },
    ]);
    await t.db.insert(geoCache).values([
      { provider: "osm", kind: "place", key: "old", value: {}, createdAt: hoursAgo(31 * 24) },
      { provider: "osm", kind: "place", key: "fresh", value: {}, createdAt: hoursAgo(29 * 24) },
    ]);
    await t.db.insert(session).values({ id: "expired-session", token: "expired-token", userId: user.id, expiresAt: hoursAgo(1) });
    await t.db.insert(verification).values([
      { id: "v-old", identifier: "x", value: "y", expiresAt: hoursAgo(1) },
      { id: "v-fresh", identifier: "x", value: "z", expiresAt: hoursAgo(-1) },
    ]);

    const mail = { to: "a@example.com", subject: "s", text: "t" };
    await t.db.insert(mailQueue).values([
      { ...mail, subject: "old-sent", status: "sent", updatedAt: hoursAgo(8 * 24) },
      { ...mail, subject: "fresh-sent", status: "sent", updatedAt: hoursAgo(6 * 24) },
      { ...mail, subject: "old-failed", status: "failed", updatedAt: hoursAgo(31 * 24) },
      { ...mail, subject: "fresh-failed", status: "failed", updatedAt: hoursAgo(29 * 24) },
      { ...mail, subject: "old-pending", status: "pending", updatedAt: hoursAgo(40 * 24) },
    ]);

    await t.db.insert(embeddedIdempotencyKeys).values([
      { key: "old-pay-key", requestHash: "h", createdAt: hoursAgo(25) },
      { key: "fresh-pay-key", requestHash: "h", createdAt: hoursAgo(23) },
    ]);
    await t.db.insert(paymentWebhookEvents).values([
      { id: "evt_old", provider: "stripe", type: "payment_intent.succeeded", receivedAt: hoursAgo(31 * 24) },
      { id: "evt_fresh", provider: "stripe", type: "payment_intent.succeeded", receivedAt: hoursAgo(29 * 24) },
    ]);
    const job = { kind: "test.kind", payload: {}, runAt: hoursAgo(40 * 24) };
    await t.db.insert(jobs).values([
      { ...job, key: "old-done", status: "done", finishedAt: hoursAgo(31 * 24) },
      { ...job, key: "fresh-done", status: "done", finishedAt: hoursAgo(29 * 24) },
      { ...job, key: "old-pending", status: "pending" },
    ]);

    // Sign-in failures: a run is forgotten a day after its last failure; a recent one (or one still locked) is kept.
    await t.db.insert(signInLockouts).values([
      { email: "old-run@example.com", failures: 7, lastFailureAt: hoursAgo(25), lockedUntil: hoursAgo(24), notifiedAt: hoursAgo(25) },
      { email: "old-unlocked@example.com", failures: 2, lastFailureAt: hoursAgo(30) },
      { email: "recent-run@example.com", failures: 6, lastFailureAt: hoursAgo(23), lockedUntil: hoursAgo(22) },
      { email: "still-locked@example.com", failures: 12, lastFailureAt: hoursAgo(25), lockedUntil: hoursAgo(-1) },
    ]);

    const counts = await pruneStaleRows(t.db);

    expect(counts).toMatchObject({ idempotencyKeys: 1, geoCache: 1, sessions: 1, mailQueue: 2, paymentKeys: 1, webhookEvents: 1, jobs: 1, signInLockouts: 2 });
    expect((await t.db.select().from(signInLockouts)).map((r) => r.email).sort()).toEqual(["recent-run@example.com", "still-locked@example.com"]);
    expect((await t.db.select().from(embeddedIdempotencyKeys)).map((r) => r.key)).toEqual(["fresh-pay-key"]);
    expect((await t.db.select().from(paymentWebhookEvents)).map((r) => r.id)).toEqual(["evt_fresh"]);
    expect((await t.db.select().from(jobs)).map((r) => r.key).sort()).toEqual(["fresh-done", "old-pending"]);
    expect(counts.verifications).toBeGreaterThanOrEqual(1);
    expect((await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, user.id))).map((r) => r.key)).toEqual(["fresh-key"]);
    expect((await t.db.select().from(geoCache)).map((r) => r.key)).toEqual(["fresh"]);
    // Queued mail is never pruned, whatever its age.
    expect((await t.db.select().from(mailQueue)).map((r) => r.subject).sort()).toEqual(["fresh-failed", "fresh-sent", "old-pending"]);
    expect((await t.db.select().from(verification).where(eq(verification.identifier, "x"))).map((r) => r.id)).toEqual(["v-fresh"]);
    // The customer's live session survives: still signed in.
    expect((await t.call("GET", "/api/me/profile", { cookie })).status).toBe(200);
    expect(await pruneStaleRows(t.db)).toEqual({ idempotencyKeys: 0, geoCache: 0, sessions: 0, verifications: 0, mailQueue: 0, paymentKeys: 0, webhookEvents: 0, jobs: 0, signInLockouts: 0 });
  });
});
