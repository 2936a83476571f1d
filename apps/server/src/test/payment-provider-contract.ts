// The payment provider contract: one suite run against every implementation (embedded.test.ts on
// PGlite/PostgreSQL, stripe.test.ts against a local server replaying Stripe's answers). Each case first
// names its scenario, so a harness that replays answers can load the conversation that case has.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { PaymentError, type PaymentProvider } from "../lib/payment-provider";

export type ContractHarness = {
  provider: () => PaymentProvider;
  /** Called at the start of each case with its name (a replaying harness loads that conversation). */
  scenario: (name: ContractScenario) => void | Promise<void>;
};

export const contractScenarios = [
  "authorise-visa",
  "brands",
  "decline",
  "three-d-secure",
  "full-capture",
  "partial-capture",
  "capture-too-much",
  "cancel",
  "refunds",
  "idempotent-retries",
  "concurrent-retries",
  "refund-retry",
] as const;
export type ContractScenario = (typeof contractScenarios)[number];

const key = () => crypto.randomUUID();

/** Awaits a promise that must fail with a PaymentError, and returns that error. */
export async function paymentError(p: Promise<unknown>): Promise<PaymentError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PaymentError);
  return err as PaymentError;
}

export function describeProviderContract(name: string, h: ContractHarness) {
  describe(`payment provider contract: ${name}`, () => {
    it("authorises the exact amount with the test Visa, to be captured later", async () => {
      await h.scenario("authorise-visa");
      const pi = await h.provider().authorize({ amountCents: 12_345, paymentMethod: "pm_card_visa", metadata: { booking: "b-1" } }, key());
      expect(pi).toMatchObject({
        status: "requires_capture",
        currency: "usd",
        amountCents: 12_345,
        amountCapturableCents: 12_345,
        amountReceivedCents: 0,
        amountRefundedCents: 0,
        card: { brand: "visa", last4: "4242" },
      });
      expect(pi.id).toMatch(/^pi_/);
      expect(Date.parse(pi.captureBefore!)).toBeGreaterThan(0);
      expect(await h.provider().retrieve(pi.id)).toEqual(pi);
    });

    it("tells the card's brand and last 4 digits", async () => {
      await h.scenario("brands");
      const mc = await h.provider().authorize({ amountCents: 5000, paymentMethod: "pm_card_mastercard" }, key());
      const amex = await h.provider().authorize({ amountCents: 5000, paymentMethod: "pm_card_amex" }, key());
      expect(mc.card).toEqual({ brand: "mastercard", last4: "4444" });
      expect(amex.card).toEqual({ brand: "amex", last4: "0005" });
    });

    it("refuses a declined card with Stripe's decline code and message", async () => {
      await h.scenario("decline");
      const err = await paymentError(h.provider().authorize({ amountCents: 9_999, paymentMethod: "pm_card_chargeDeclined" }, key()));
      expect(err).toMatchObject({ code: "card_declined", declineCode: "generic_decline", message: "Your card was declined." });
    });

    it("asks for the card's 3-D Secure step, then authorises", async () => {
      await h.scenario("three-d-secure");
      const p = h.provider();
      const pending = await p.authorize({ amountCents: 20_000, paymentMethod: "pm_card_authenticationRequired" }, key());
      expect(pending).toMatchObject({ status: "requires_action", amountCents: 20_000, amountCapturableCents: 0 });
      const done = await p.completeAuthentication(pending.id, key());
      expect(done).toMatchObject({ id: pending.id, status: "requires_capture", amountCapturableCents: 20_000 });
      const captured = await p.capture(pending.id, undefined, key());
      expect(captured).toMatchObject({ status: "succeeded", amountReceivedCents: 20_000 });
    });

    it("captures the whole authorisation", async () => {
      await h.scenario("full-capture");
      const p = h.provider();
      const pi = await p.authorize({ amountCents: 8_000, paymentMethod: "pm_card_visa" }, key());
      const captured = await p.capture(pi.id, undefined, key());
      expect(captured).toMatchObject({ id: pi.id, status: "succeeded", amountCents: 8_000, amountCapturableCents: 0, amountReceivedCents: 8_000 });
    });

    it("captures part of it and releases the rest; a second capture is refused", async () => {
      await h.scenario("partial-capture");
      const p = h.provider();
      const pi = await p.authorize({ amountCents: 10_000, paymentMethod: "pm_card_visa" }, key());
      const captured = await p.capture(pi.id, 2_550, key());
      expect(captured).toMatchObject({ status: "succeeded", amountCents: 10_000, amountCapturableCents: 0, amountReceivedCents: 2_550 });
      const again = await paymentError(p.capture(pi.id, 1_000, key()));
      expect(again.code).toBe("invalid_state");
    });

    it("refuses to capture more than was authorised and keeps the authorisation", async () => {
      await h.scenario("capture-too-much");
      const p = h.provider();
      const pi = await p.authorize({ amountCents: 5_000, paymentMethod: "pm_card_visa" }, key());
      const err = await paymentError(p.capture(pi.id, 5_001, key()));
      expect(err.code).toBe("amount_too_large");
      expect(await p.retrieve(pi.id)).toMatchObject({ status: "requires_capture", amountCapturableCents: 5_000, amountReceivedCents: 0 });
    });

    it("cancels an authorisation, which then cannot be captured", async () => {
      await h.scenario("cancel");
      const p = h.provider();
      const pi = await p.authorize({ amountCents: 7_500, paymentMethod: "pm_card_visa" }, key());
      const canceled = await p.cancel(pi.id, key());
      expect(canceled).toMatchObject({ status: "canceled", amountCapturableCents: 0, amountReceivedCents: 0 });
      expect((await paymentError(p.capture(pi.id, undefined, key()))).code).toBe("invalid_state");
    });

    it("refunds in parts, never more than was captured", async () => {
      await h.scenario("refunds");
      const p = h.provider();
      const pi = await p.authorize({ amountCents: 10_000, paymentMethod: "pm_card_visa" }, key());
      await p.capture(pi.id, 9_000, key());
      const first = await p.refund(pi.id, 2_500, "requested_by_customer", key());
      expect(first).toMatchObject({ intentId: pi.id, amountCents: 2_500 });
      expect(first.id).toMatch(/^re_/);
      expect((await p.retrieve(pi.id)).amountRefundedCents).toBe(2_500);
      expect((await paymentError(p.refund(pi.id, 6_501, undefined, key()))).code).toBe("amount_too_large");
      const rest = await p.refund(pi.id, undefined, undefined, key());
      expect(rest.amountCents).toBe(6_500);
      expect((await p.retrieve(pi.id)).amountRefundedCents).toBe(9_000);
      expect((await paymentError(p.refund(pi.id, 1, undefined, key()))).code).toBe("invalid_state");
    });

    it("answers a retried call with the first answer, and refuses the key for another request", async () => {
      await h.scenario("idempotent-retries");
      const p = h.provider();
      const k = key();
      const first = await p.authorize({ amountCents: 4_200, paymentMethod: "pm_card_visa" }, k);
      const retry = await p.authorize({ amountCents: 4_200, paymentMethod: "pm_card_visa" }, k);
      expect(retry).toEqual(first);
      expect((await paymentError(p.authorize({ amountCents: 4_300, paymentMethod: "pm_card_visa" }, k))).code).toBe("idempotency_mismatch");
      const ck = key();
      const captured = await p.capture(first.id, 3_000, ck);
      expect(await p.capture(first.id, 3_000, ck)).toEqual(captured);
      expect(captured.amountReceivedCents).toBe(3_000);
    });

    it("makes one authorisation of 50 concurrent calls with one key", async () => {
      await h.scenario("concurrent-retries");
      const p = h.provider();
      const k = key();
      const all = await Promise.all(Array.from({ length: 50 }, () => p.authorize({ amountCents: 15_000, paymentMethod: "pm_card_visa" }, k)));
      expect(new Set(all.map((pi) => pi.id)).size).toBe(1);
      expect(all[0]).toMatchObject({ status: "requires_capture", amountCents: 15_000 });
    });

    it("refunds once when a refund is retried with its key", async () => {
      await h.scenario("refund-retry");
      const p = h.provider();
      const pi = await p.authorize({ amountCents: 6_000, paymentMethod: "pm_card_visa" }, key());
      await p.capture(pi.id, undefined, key());
      const rk = key();
      const a = await p.refund(pi.id, 1_000, undefined, rk);
      const b = await p.refund(pi.id, 1_000, undefined, rk);
      expect(b).toEqual(a);
      expect((await p.retrieve(pi.id)).amountRefundedCents).toBe(1_000);
    });
  });
}
