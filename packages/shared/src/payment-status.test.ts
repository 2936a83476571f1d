import { describe, expect, it } from "vitest";
import { paymentStatusLabel } from "./payment-status";

const c = (status: string, amountCents: number, capturedCents = 0, refundedCents = 0) => ({ status, amountCents, capturedCents, refundedCents });

describe("paymentStatusLabel", () => {
  it.each([
    [null, "confirmed", "No card payment"],
    [c("requires_payment_method", 168_500), "confirmed", "Payment needed"],
    [c("requires_action", 168_500), "completed", "Payment needed"],
    [c("requires_capture", 168_500), "confirmed", "Card authorised $1,685.00"],
    [c("succeeded", 168_500, 168_500), "completed", "Paid $1,685.00"],
    [c("succeeded", 168_500, 168_500, 50_000), "completed", "Partly refunded: $500.00 of $1,685.00"],
    [c("succeeded", 168_500, 168_500, 168_500), "refunded", "Refunded $1,685.00"],
    [c("canceled", 168_500), "pending", "Card on file"],
    [c("canceled", 168_500), "cancelled", "Not charged"],
  ])("%j of a %s booking reads %s", (charge, status, label) => {
    expect(paymentStatusLabel(charge, { status }).label).toBe(label);
  });

  it("never shows an authorised amount for a released hold", () => {
    for (const status of ["pending", "confirmed", "completed", "cancelled"]) {
      expect(paymentStatusLabel(c("canceled", 168_500), { status }).label).not.toMatch(/\$|Authorised|Released/);
    }
  });
});
