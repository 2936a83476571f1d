// The charge's gate on a real database (PGlite and PostgreSQL): every way a charge's status is written (a provider's
// answer, the booking's own statement, a webhook event, a failed attempt, an admin refund) lands exactly the moves
// the shared table (packages/shared/src/charge-status.ts) allows that writer, from every state to every state, and
// leaves the row untouched otherwise. So the SQL of each writer cannot drift from the table.
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { canMoveCharge, chargeStatuses, type ChargeStatus } from "@meridian/shared/charge-status";
import type { Database } from "../db/client";
import { payments } from "../db/schema";
import { openTestDatabase } from "../test/harness";
import { chargeInStatement, moveCharge, recordAttempt, recordPayment } from "./charge-gate";
import type { PaymentIntent } from "../lib/payment-provider";

let database: Database;
let cleanup: () => Promise<void>;
beforeAll(async () => ({ database, cleanup } = await openTestDatabase()));
afterAll(() => cleanup());
const db = () => database.db;

/** The rows here belong to no booking (the column is nullable; the gate never reads it). */
const NO_BOOKING = null as unknown as string;
let n = 0;
/** A stored charge standing at `from` (captured 500 of 1,000, nothing refunded). */
async function chargeAt(from: ChargeStatus): Promise<string> {
  const intentId = `pi_gate_${++n}`;
  await db().insert(payments).values({ provider: "embedded", kind: "booking", intentId, status: from, amountCents: 1_000, capturedCents: 500, refundedCents: 0 });
  return intentId;
}
const stored = async (intentId: string) => (await db().select().from(payments).where(eq(payments.intentId, intentId)))[0]!;

const intent = (id: string, status: ChargeStatus): PaymentIntent => ({
  id,
  status,
  currency: "usd",
  amountCents: 1_000,
  amountCapturableCents: 0,
  amountReceivedCents: 700,
  amountRefundedCents: 0,
  card: { brand: "visa", last4: "4242" },
  clientSecret: null,
  captureBefore: null,
});

/** Each writer: writes `to` over the charge `intentId` as its actor would. */
const writers = {
  "the provider's answer (recordPayment)": { actor: "provider", write: (id: string, to: ChargeStatus) => recordPayment(db(), "embedded", intent(id, to)) },
  "the booking's statement (chargeInStatement)": {
    actor: "provider",
    write: (id: string, to: ChargeStatus) => db().execute(sql`with booking as (select null::uuid as id), payment as (${chargeInStatement("embedded", intent(id, to), sql`booking`, {})}) select 1`),
  },
  "a webhook event (moveCharge)": { actor: "webhook", write: (id: string, to: ChargeStatus) => moveCharge(db(), id, to, "webhook", { capturedCents: 700 }) },
  "an admin refund (moveCharge)": { actor: "refund", write: (id: string, to: ChargeStatus) => moveCharge(db(), id, to, "refund", { capturedCents: 700 }) },
} as const;

describe("the charge's gate", () => {
  for (const [name, { actor, write }] of Object.entries(writers)) {
    it(`${name}: moves exactly as the table lets "${actor}"`, async () => {
      for (const from of chargeStatuses) {
        for (const to of chargeStatuses) {
          const id = await chargeAt(from);
          await write(id, to);
          const after = await stored(id);
          const allowed = canMoveCharge(from, to, actor);
          expect({ from, to, status: after.status, capturedCents: after.capturedCents }).toEqual({ from, to, status: allowed ? to : from, capturedCents: allowed ? 700 : 500 });
        }
      }
    });
  }

  it("a failed attempt (recordAttempt) writes over an earlier failed attempt only, never a hold, a capture or a release", async () => {
    for (const from of chargeStatuses) {
      for (const to of ["requires_payment_method", "requires_action"] as const) {
        const id = await chargeAt(from);
        await recordAttempt(db(), { provider: "embedded", intentId: id, bookingId: NO_BOOKING, status: to, amountCents: 900, lastError: "Your card was declined." });
        const after = await stored(id);
        const allowed = canMoveCharge(from, to, "attempt");
        expect({ from, to, status: after.status, amountCents: after.amountCents }).toEqual({ from, to, status: allowed ? to : from, amountCents: allowed ? 900 : 1_000 });
      }
    }
  });

  it("never lowers the refunded amount (a late answer that knows of fewer refunds)", async () => {
    const id = await chargeAt("succeeded");
    expect(await moveCharge(db(), id, "succeeded", "refund", { refundedCents: 300 })).toBe(true);
    expect(await moveCharge(db(), id, "succeeded", "webhook", { refundedCents: 100 })).toBe(true);
    await recordPayment(db(), "embedded", { ...intent(id, "succeeded"), amountRefundedCents: 0 });
    expect((await stored(id)).refundedCents).toBe(300);
  });

  it("a new intent is recorded whatever its state (nothing to move from)", async () => {
    for (const to of chargeStatuses) {
      const id = `pi_gate_new_${to}`;
      await recordPayment(db(), "embedded", intent(id, to));
      expect((await stored(id)).status).toBe(to);
    }
  });
});
