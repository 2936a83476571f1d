// The embedded provider on a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL): the shared
// contract, then what only its own books can show (one row per key, stored declines, lapsed authorisations).
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../db/client";
import { embeddedIdempotencyKeys, embeddedPaymentEvents, embeddedPaymentIntents, embeddedRefunds } from "../db/schema";
import { openTestDatabase } from "../test/harness";
import { createEmbeddedPaymentProvider } from "./embedded";
import type { PaymentProvider } from "../lib/payment-provider";
import { describeProviderContract, paymentError } from "../test/payment-provider-contract";

let database: Database;
let cleanup: () => Promise<void>;
let provider: PaymentProvider;
let clock = new Date("2026-11-24T12:00:00Z");

beforeAll(async () => {
  ({ database, cleanup } = await openTestDatabase());
  provider = createEmbeddedPaymentProvider(database.db, { now: () => clock });
});
afterAll(() => cleanup());

describeProviderContract("embedded", { provider: () => provider, scenario: () => {} });

const key = () => crypto.randomUUID();
const intentRows = (metadataTag: string) =>
  database.db.select().from(embeddedPaymentIntents).then((rows) => rows.filter((r) => r.metadata.tag === metadataTag));

describe("embedded provider books", () => {
  it("keeps one intent, one key and its events for 50 concurrent calls with one key", async () => {
    const k = key();
    const tag = crypto.randomUUID();
    const all = await Promise.all(Array.from({ length: 50 }, () => provider.authorize({ amountCents: 31_415, paymentMethod: "pm_card_visa", metadata: { tag } }, k)));
    expect(new Set(all.map((p) => p.id)).size).toBe(1);
    const rows = await intentRows(tag);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amountCents: 31_415, amountCapturableCents: 31_415, status: "requires_capture", paymentMethod: "pm_card_visa" });
    expect(await database.db.select().from(embeddedIdempotencyKeys).where(eq(embeddedIdempotencyKeys.key, k))).toHaveLength(1);
    const events = await database.db.select().from(embeddedPaymentEvents).where(eq(embeddedPaymentEvents.intentId, all[0]!.id));
    expect(events.map((e) => e.type)).toEqual(["payment_intent.created", "payment_intent.amount_capturable_updated"]);
  });

  it("writes the authorisations asked for at once together, each answered as it would be alone", async () => {
    // Statements sent through `db.execute` (the authorisations' claims; an earlier answer is read by a select).
    let statements = 0;
    const counted = new Proxy(database.db, {
      get: (target, prop, receiver) =>
        prop === "execute" ? (...args: Parameters<typeof target.execute>) => (statements++, target.execute(...args)) : (Reflect.get(target, prop, receiver) as unknown),
    });
    const batching = createEmbeddedPaymentProvider(counted, { now: () => clock });
    const tag = crypto.randomUUID();
    const card = (paymentMethod: string, amountCents = 12_345) => ({ amountCents, paymentMethod, metadata: { tag } });
    const calls: [string, ReturnType<typeof card>][] = [];
    for (let i = 0; i < 5; i++) calls.push([key(), card("pm_card_visa", 10_000 + i)]);
    calls.push([key(), card("pm_card_chargeDeclinedInsufficientFunds")], [key(), card("pm_card_authenticationRequired")], [key(), card("pm_card_visa", 10)]);
    const twice = key();
    calls.push([twice, card("pm_card_mastercard", 7_700)], [twice, card("pm_card_mastercard", 7_700)], [twice, card("pm_card_mastercard", 7_800)]);

    const answers = await Promise.allSettled(calls.map(([k, input]) => batching.authorize(input, k)));
    // The first call goes alone; the others wait for it and go together.
    expect(statements).toBe(2);

    const ok = (i: number) => (answers[i] as PromiseFulfilledResult<Awaited<ReturnType<PaymentProvider["authorize"]>>>).value;
    const failed = (i: number) => (answers[i] as PromiseRejectedResult).reason as { code: string; declineCode?: string };
    for (let i = 0; i < 5; i++) expect(ok(i)).toMatchObject({ status: "requires_capture", amountCents: 10_000 + i, amountCapturableCents: 10_000 + i, card: { brand: "visa", last4: "4242" } });
    expect(failed(5)).toMatchObject({ code: "card_declined", declineCode: "insufficient_funds" });
    expect(ok(6)).toMatchObject({ status: "requires_action", amountCapturableCents: 0 });
    expect(failed(7)).toMatchObject({ code: "invalid_request" });
    expect(ok(9).id).toBe(ok(8).id);
    expect(failed(10)).toMatchObject({ code: "idempotency_mismatch" });

    // One intent per key that got one (not the refused amount), each with its two events in order.
    const rows = await intentRows(tag);
    expect(rows.map((r) => r.amountCents).sort()).toEqual([10_000, 10_001, 10_002, 10_003, 10_004, 12_345, 12_345, 7_700].sort());
    expect(rows.find((r) => r.paymentMethod === "pm_card_chargeDeclinedInsufficientFunds")).toMatchObject({ status: "requires_payment_method", lastError: { declineCode: "insufficient_funds" } });
    for (const row of rows) {
      const events = await database.db.select().from(embeddedPaymentEvents).where(eq(embeddedPaymentEvents.intentId, row.id)).orderBy(embeddedPaymentEvents.id);
      expect(events.map((e) => e.type)[0], row.paymentMethod).toBe("payment_intent.created");
      expect(events, row.paymentMethod).toHaveLength(2);
    }
    // Each answer is the key's: asked again one at a time, every key replays it.
    expect((await batching.authorize(calls[0]![1], calls[0]![0])).id).toBe(ok(0).id);
    expect(await paymentError(batching.authorize(calls[5]![1], calls[5]![0]))).toMatchObject({ code: "card_declined" });
    expect((await batching.authorize(calls[8]![1], twice)).id).toBe(ok(8).id);
  });

  it("an authorisation the database refuses fails alone: the others asked for in the same moment are written", async () => {
    const tag = crypto.randomUUID();
    // A card name with half a surrogate pair goes into the refusal's stored answer, which PostgreSQL cannot store as JSON.
    const [first, broken, other] = await Promise.allSettled([
      provider.authorize({ amountCents: 5_000, paymentMethod: "pm_card_visa", metadata: { tag } }, key()),
      provider.authorize({ amountCents: 5_000, paymentMethod: "pm_\ud800", metadata: { tag } }, key()),
      provider.authorize({ amountCents: 6_000, paymentMethod: "pm_card_visa", metadata: { tag } }, key()),
    ]);
    expect(first.status).toBe("fulfilled");
    expect(broken.status).toBe("rejected");
    expect(other).toMatchObject({ status: "fulfilled", value: { status: "requires_capture", amountCents: 6_000 } });
    expect((await intentRows(tag)).map((r) => r.amountCents).sort()).toEqual([5_000, 6_000]);
  });

  it("records a decline and answers a retry of it with the same decline, without a second attempt", async () => {
    const k = key();
    const tag = crypto.randomUUID();
    const input = { amountCents: 2_500, paymentMethod: "pm_card_chargeDeclinedInsufficientFunds", metadata: { tag } };
    const first = await paymentError(provider.authorize(input, k));
    const again = await paymentError(provider.authorize(input, k));
    expect(first).toMatchObject({ code: "card_declined", declineCode: "insufficient_funds", message: "Your card has insufficient funds." });
    expect(again.toJSON()).toEqual(first.toJSON());
    const rows = await intentRows(tag);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "requires_payment_method", lastError: { code: "card_declined", declineCode: "insufficient_funds" } });
  });

  it("lets an authorisation lapse after 7 days, as a card's does", async () => {
    const pi = await provider.authorize({ amountCents: 9_000, paymentMethod: "pm_card_visa" }, key());
    expect(pi.captureBefore).toBe("2026-12-01T12:00:00.000Z");
    clock = new Date("2026-12-01T12:00:01Z");
    try {
      expect((await paymentError(provider.capture(pi.id, undefined, key()))).code).toBe("authorization_expired");
      expect(await provider.retrieve(pi.id)).toMatchObject({ status: "canceled", amountCapturableCents: 0, amountReceivedCents: 0 });
    } finally {
      clock = new Date("2026-11-24T12:00:00Z");
    }
  });

  it("keeps each refund, and refuses unknown cards, tiny amounts and unknown intents", async () => {
    const pi = await provider.authorize({ amountCents: 5_000, paymentMethod: "pm_card_visa" }, key());
    await provider.capture(pi.id, undefined, key());
    await provider.refund(pi.id, 1_234, "duplicate", key());
    expect(await database.db.select().from(embeddedRefunds).where(eq(embeddedRefunds.intentId, pi.id))).toEqual([
      expect.objectContaining({ amountCents: 1_234, reason: "duplicate" }),
    ]);
    expect((await paymentError(provider.authorize({ amountCents: 5_000, paymentMethod: "pm_card_nope" }, key()))).code).toBe("invalid_request");
    expect((await paymentError(provider.authorize({ amountCents: 49, paymentMethod: "pm_card_visa" }, key()))).code).toBe("invalid_request");
    expect((await paymentError(provider.capture("pi_missing", undefined, key()))).code).toBe("not_found");
  });

  it("off-session: a saved card authorises, one that needs 3-D Secure fails with authentication_required (replayed by its key)", async () => {
    const ok = await provider.authorize({ amountCents: 18_250, paymentMethod: "pm_card_visa", offSession: true }, key());
    expect(ok).toMatchObject({ status: "requires_capture", amountCapturableCents: 18_250 });
    const k = key();
    const err = await paymentError(provider.authorize({ amountCents: 18_250, paymentMethod: "pm_card_authenticationRequired", offSession: true }, k));
    expect(err).toMatchObject({ code: "authentication_required", intentId: expect.stringMatching(/^pi_/) });
    expect(await provider.retrieve(err.intentId!)).toMatchObject({ status: "requires_payment_method", amountCapturableCents: 0 });
    const again = await paymentError(provider.authorize({ amountCents: 18_250, paymentMethod: "pm_card_authenticationRequired", offSession: true }, k));
    expect(again).toMatchObject({ code: "authentication_required", intentId: err.intentId });
    // With the customer there, the same card asks for its step instead.
    expect(await provider.authorize({ amountCents: 18_250, paymentMethod: "pm_card_authenticationRequired" }, key())).toMatchObject({ status: "requires_action" });
    const declined = await paymentError(provider.authorize({ amountCents: 18_250, paymentMethod: "pm_card_chargeDeclined", offSession: true }, key()));
    expect(declined).toMatchObject({ code: "card_declined", declineCode: "generic_decline", intentId: expect.stringMatching(/^pi_/) });
  });
});
