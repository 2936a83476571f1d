// Per-account sign-in lockout (issue 21): repeated wrong passwords for one e-mail lock it whatever the client's
// address, with growing delays; the owner is e-mailed once; a password reset or a successful sign-in clears it;
// an address with no account gets the very same answers (nothing tells whether the account exists).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../seed/factories";
import { outboxEmails, signInLockouts } from "../db/schema";
import { createTestApp, type TestApp } from "../test/harness";
import { LOCKOUT_AFTER_FAILURES } from "./lockout";

let t: TestApp;
beforeAll(async () => {
  // Behind a trusted proxy, so each attempt can come from another client address (X-Forwarded-For).
  t = await createTestApp({ TRUSTED_PROXIES: "127.0.0.1" });
});
afterAll(() => t.close());

let ip = 0;
/** A sign-in from a new client address each time: the per-address rate limit never applies. */
async function signIn(email: string, password: string) {
  ip++;
  const res = await t.app.request("/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${ip % 250}, 198.51.${Math.floor(ip / 250)}.7` },
    body: JSON.stringify({ email, password }),
  });
  const body = (await res.json()) as { error?: { code: string; message: string } };
  return { status: res.status, retryAfter: res.headers.get("retry-after"), code: body.error?.code ?? null, message: body.error?.message ?? null };
}

const mailsTo = (email: string) => t.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));

/** Pretends the lock ran out (as if its delay had passed). */
const expireLock = (email: string) => t.db.update(signInLockouts).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(signInLockouts.email, email));

describe("per-account sign-in lockout", () => {
  it("locks an account after 5 wrong passwords from 5 addresses, refuses even the right one, e-mails the owner once, and doubles the delay", async () => {
    const owner = await createUser(t.db, t.deps.auth, {});
    for (let i = 1; i < LOCKOUT_AFTER_FAILURES; i++) expect((await signIn(owner.email, `wrong-${i}`)).status).toBe(401);
    expect((await signIn(owner.email, "wrong-5")).status).toBe(401); // the 5th failure itself answers as any other

    const locked = await signIn(owner.email, owner.password);
    expect(locked).toMatchObject({ status: 429, code: "account_locked", message: "Too many failed sign-in attempts. Try again in 1 minute, or reset your password." });
    expect(Number(locked.retryAfter)).toBeGreaterThan(50);
    expect(Number(locked.retryAfter)).toBeLessThanOrEqual(60);
    expect((await signIn(owner.email.toUpperCase(), owner.password)).status).toBe(429); // the same address, however typed

    await t.deps.mailer.drain();
    const mails = await mailsTo(owner.email);
    expect(mails.map((m) => m.subject)).toEqual(["Failed sign-in attempts on your Meridian account"]);
    expect(mails[0]!.text).toContain("5 times in a row");

    // The lock runs out; the next failure locks again for twice as long, without a second e-mail.
    await expireLock(owner.email);
    expect((await signIn(owner.email, "wrong-6")).status).toBe(401);
    const longer = await signIn(owner.email, owner.password);
    expect(longer.status).toBe(429);
    expect(Number(longer.retryAfter)).toBeGreaterThan(110);
    expect(Number(longer.retryAfter)).toBeLessThanOrEqual(120);
    expect(longer.message).toBe("Too many failed sign-in attempts. Try again in 2 minutes, or reset your password.");
    await t.deps.mailer.drain();
    expect(await mailsTo(owner.email)).toHaveLength(1);

    // Once the lock runs out the right password signs in, and the count starts again from zero.
    await expireLock(owner.email);
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
    for (let i = 1; i < LOCKOUT_AFTER_FAILURES; i++) expect((await signIn(owner.email, `again-${i}`)).status).toBe(401);
    expect((await signIn(owner.email, owner.password)).status).toBe(200);
  });

  it("answers an address with no account exactly as one with an account, and e-mails nobody", async () => {
    const owner = await createUser(t.db, t.deps.auth, {});
    const ghost = `nobody.${crypto.randomUUID()}@example.com`;
    const strip = (a: Awaited<ReturnType<typeof signIn>>) => ({ ...a, retryAfter: a.retryAfter === null ? null : Math.ceil(Number(a.retryAfter) / 60) });
    for (let i = 1; i <= LOCKOUT_AFTER_FAILURES + 2; i++) {
      const real = await signIn(owner.email, `wrong-${i}`);
      const none = await signIn(ghost, `wrong-${i}`);
      expect(strip(none)).toEqual(strip(real));
    }
    expect((await signIn(ghost, "anything")).status).toBe(429);
    await t.deps.mailer.drain();
    expect(await mailsTo(ghost)).toHaveLength(0);
  });

  it("a password reset clears the lock: the owner signs in with the new password at once", async () => {
    const owner = await createUser(t.db, t.deps.auth, {});
    for (let i = 1; i <= LOCKOUT_AFTER_FAILURES; i++) await signIn(owner.email, `wrong-${i}`);
    expect((await signIn(owner.email, owner.password)).status).toBe(429);

    expect((await t.call("POST", "/api/auth/request-password-reset", { json: { email: owner.email } })).status).toBe(200);
    await t.deps.mailer.drain();
    const reset = (await mailsTo(owner.email)).find((m) => m.subject === "Reset your Meridian password")!;
    const token = new URL(reset.text.match(/https?:\/\/\S+/)![0]).pathname.split("/").pop(); // /api/auth/reset-password/<token>
    expect((await t.call("POST", "/api/auth/reset-password", { json: { newPassword: "brand-new-password-9", token } })).status).toBe(200);
    expect((await signIn(owner.email, "brand-new-password-9")).status).toBe(200);
  });
});
