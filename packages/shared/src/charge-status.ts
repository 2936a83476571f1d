// A booking's charge (one `payments` row per PaymentIntent, docs/decisions/011): its states, the moves allowed
// between them, and what may make each. Written once here; the server's one gate (recordCharge / moveCharge in
// apps/server/src/payments/charge-gate.ts) writes every change as a conditional UPDATE whose WHERE is this table,
// so the webhook, the jobs and the routes cannot disagree, and a late or replayed answer never undoes a capture
// or a release.
//
// The states are Stripe's PaymentIntent statuses (the embedded provider speaks the same model):
//   requires_payment_method (declined: payment needed) <-> requires_action (3-D Secure step: payment needed)
//     -> requires_capture (a hold on the card) -> succeeded (captured; then only refunded amounts change)
//                                              -> canceled (released, or lapsed after 7 days)
// A hold is never moved back to "payment needed" (a late failure event of an earlier attempt), and the two
// final states (succeeded, canceled) never move to another.

export const chargeStatuses = ["requires_payment_method", "requires_action", "requires_capture", "succeeded", "canceled"] as const;
export type ChargeStatus = (typeof chargeStatuses)[number];

/**
 * What moves a charge:
 * - "provider": the provider's answer to one of our calls (authorise, authenticate, capture, release, a read back),
 *   from the booking route, the confirm-a-card route, the reschedule, the settlement, the jobs and the sweep;
 * - "webhook": one of Stripe's events;
 * - "attempt": a failed authorisation recorded as the booking's charge (payment needed), which may have no
 *   PaymentIntent behind it;
 * - "refund": an admin refund (the refunded amount of a captured charge).
 */
export type ChargeActor = "provider" | "webhook" | "attempt" | "refund";

const ANSWERS: readonly ChargeActor[] = ["provider", "webhook"];
const RETRY: readonly ChargeActor[] = ["provider", "webhook", "attempt"];

/** from -> to -> who may make that move. A move to the same state brings amounts, card or error up to date. */
export const chargeMoves: Record<ChargeStatus, Partial<Record<ChargeStatus, readonly ChargeActor[]>>> = {
  // A provider's final answer wins over a step it skipped (webhook events arrive in any order).
  requires_payment_method: { requires_payment_method: RETRY, requires_action: RETRY, requires_capture: ANSWERS, succeeded: ANSWERS, canceled: ANSWERS },
  requires_action: { requires_payment_method: RETRY, requires_action: RETRY, requires_capture: ANSWERS, succeeded: ANSWERS, canceled: ANSWERS },
  requires_capture: { requires_capture: ANSWERS, succeeded: ANSWERS, canceled: ANSWERS },
  succeeded: { succeeded: [...ANSWERS, "refund"] },
  canceled: { canceled: ANSWERS },
};

export const isChargeStatus = (v: unknown): v is ChargeStatus => chargeStatuses.includes(v as ChargeStatus);

/** Whether `actor` may move a charge from `from` to `to`. */
export function canMoveCharge(from: string, to: ChargeStatus, actor: ChargeActor): boolean {
  return isChargeStatus(from) && (chargeMoves[from][to] ?? []).includes(actor);
}

/** The states from which `actor` may move a charge to `to` (the gate's WHERE). */
export function chargeSources(to: ChargeStatus, actor: ChargeActor): ChargeStatus[] {
  return chargeStatuses.filter((from) => canMoveCharge(from, to, actor));
}

/** Final: nothing but amounts (a refund) changes any more. */
export const isFinalCharge = (status: string) => status === "succeeded" || status === "canceled";
