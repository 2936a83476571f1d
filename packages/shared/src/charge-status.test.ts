// Every move of a charge, from every state to every state, by every actor: the whole table written out, so a
// change of the table is a change of this test.
import { describe, expect, it } from "vitest";
import { canMoveCharge, chargeSources, chargeStatuses, isFinalCharge, type ChargeActor, type ChargeStatus } from "./charge-status";

const P = "provider",
  W = "webhook",
  A = "attempt",
  R = "refund";
// [from, to, the actors that may make it]; every pair not listed is refused to everyone.
const allowed: [ChargeStatus, ChargeStatus, ChargeActor[]][] = [
  ["requires_payment_method", "requires_payment_method", [P, W, A]],
  ["requires_payment_method", "requires_action", [P, W, A]],
  ["requires_payment_method", "requires_capture", [P, W]],
  ["requires_payment_method", "succeeded", [P, W]],
  ["requires_payment_method", "canceled", [P, W]],
  ["requires_action", "requires_payment_method", [P, W, A]],
  ["requires_action", "requires_action", [P, W, A]],
  ["requires_action", "requires_capture", [P, W]],
  ["requires_action", "succeeded", [P, W]],
  ["requires_action", "canceled", [P, W]],
  ["requires_capture", "requires_capture", [P, W]],
  ["requires_capture", "succeeded", [P, W]],
  ["requires_capture", "canceled", [P, W]],
  ["succeeded", "succeeded", [P, W, R]],
  ["canceled", "canceled", [P, W]],
];
const actors: ChargeActor[] = [P, W, A, R];

describe("the charge's moves", () => {
  for (const from of chargeStatuses) {
    for (const to of chargeStatuses) {
      const who = allowed.find(([f, t]) => f === from && t === to)?.[2] ?? [];
      it(`${from} -> ${to}: ${who.length ? who.join(", ") : "nobody"}`, () => {
        for (const actor of actors) expect(canMoveCharge(from, to, actor), actor).toBe(who.includes(actor));
      });
    }
  }

  it("never undoes a hold into payment needed, nor moves a final state elsewhere", () => {
    for (const actor of actors) {
      expect(canMoveCharge("requires_capture", "requires_payment_method", actor)).toBe(false);
      expect(canMoveCharge("requires_capture", "requires_action", actor)).toBe(false);
      for (const to of chargeStatuses) {
        if (to !== "succeeded") expect(canMoveCharge("succeeded", to, actor)).toBe(false);
        if (to !== "canceled") expect(canMoveCharge("canceled", to, actor)).toBe(false);
      }
    }
    expect(chargeStatuses.filter(isFinalCharge)).toEqual(["succeeded", "canceled"]);
  });

  it("answers the gate's WHERE: the states a move may start from", () => {
    expect(chargeSources("succeeded", "webhook")).toEqual(["requires_payment_method", "requires_action", "requires_capture", "succeeded"]);
    expect(chargeSources("succeeded", "refund")).toEqual(["succeeded"]);
    expect(chargeSources("requires_payment_method", "attempt")).toEqual(["requires_payment_method", "requires_action"]);
    expect(chargeSources("canceled", "provider")).toEqual(["requires_payment_method", "requires_action", "requires_capture", "canceled"]);
    expect(canMoveCharge("unknown", "canceled", "provider")).toBe(false);
  });
});
