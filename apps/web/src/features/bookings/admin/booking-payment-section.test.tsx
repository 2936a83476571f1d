// @vitest-environment happy-dom
// The admin's refund form (a booking's Payment section): what it sends, each field's message, the server's under its field.
import { REFUND_AMOUNT_MESSAGE, REFUND_CENTS_MESSAGE, REFUND_REASON_MESSAGE } from "@meridian/shared/refunds";
import { describe, expect, it } from "vitest";
import { apiError, fillAndSubmit, renderWithApi, retype, type Routes } from "@/test/render";
import { BookingPaymentSection } from "./booking-payment-section";

const CHARGE = {
  id: "p1",
  kind: "booking",
  provider: "embedded",
  intentId: "pi_1",
  status: "succeeded",
  state: "Captured",
  authorizedUsd: 120,
  capturedUsd: 120,
  refundedUsd: 20,
  refundableUsd: 100,
  card: { brand: "visa", last4: "4242" },
  createdAt: "2026-11-20T18:00:00.000Z",
};
const PAYMENT = { charge: CHARGE, tips: [], refunds: [] };

function setup(routes: Routes = {}) {
  return renderWithApi(<BookingPaymentSection bookingId="b1" bookingStatus="completed" />, {
    "GET /api/admin/bookings/b1/payment": { json: { payment: PAYMENT } },
    "POST /api/admin/bookings/b1/refunds": (body) => {
      const b = body as { amountUsd: number; reason: string };
      return { status: 201, json: { refund: { id: "r1", ...b, createdAt: "2026-11-21T10:00:00.000Z", createdBy: "Admin" }, payment: PAYMENT } };
    },
    ...routes,
  });
}

async function openRefund(app: ReturnType<typeof setup>) {
  await app.user.click(await app.screen.findByRole("button", { name: "Issue Refund" }));
  return app.screen.getByRole("form", { name: "Refund" });
}
const refunds = (app: ReturnType<typeof setup>) => app.calls.filter((c) => c.method === "POST");

describe("RefundForm", () => {
  it("offers what is left, and refunds the amount with its reason", async () => {
    const app = setup();
    await openRefund(app);
    const amount = app.screen.getByLabelText("Amount (USD)") as HTMLInputElement;
    expect(amount.value).toBe("100.00");
    await retype(app.user, amount, "35.50");
    await fillAndSubmit(app.user, app.screen, { Reason: "Late pickup" }, "Confirm Refund");
    expect(await app.screen.findByText("Refund Issued")).toBeTruthy();
    expect(refunds(app)[0]?.body).toEqual({ amountUsd: 35.5, reason: "Late pickup" });
  });

  it("refuses more than is left to refund", async () => {
    const app = setup();
    await openRefund(app);
    await fillAndSubmit(app.user, app.screen, { "Amount (USD)": "150", Reason: "Late pickup" }, "Confirm Refund");
    expect((await app.screen.findByText("At most $100.00 is left to refund.")).id).toBe("refund-amount-error");
    expect(refunds(app)).toHaveLength(0);
  });

  it("asks for an amount, in whole cents", async () => {
    const app = setup();
    await openRefund(app);
    await fillAndSubmit(app.user, app.screen, { "Amount (USD)": "", Reason: "Late pickup" }, "Confirm Refund");
    expect((await app.screen.findByText(REFUND_AMOUNT_MESSAGE)).id).toBe("refund-amount-error");
    await fillAndSubmit(app.user, app.screen, { "Amount (USD)": "10.005" }, "Confirm Refund");
    expect(await app.screen.findByText(REFUND_CENTS_MESSAGE)).toBeTruthy();
    expect(refunds(app)).toHaveLength(0);
  });

  it("asks for a reason of three characters or more", async () => {
    const app = setup();
    await openRefund(app);
    await fillAndSubmit(app.user, app.screen, { Reason: "no" }, "Confirm Refund");
    expect((await app.screen.findByText(REFUND_REASON_MESSAGE)).id).toBe("refund-reason-error");
    expect(refunds(app)).toHaveLength(0);
  });

  it("puts the server's message under the field it names, without a toast", async () => {
    const app = setup({ "POST /api/admin/bookings/b1/refunds": apiError(400, "validation_error", "Please check the highlighted fields.", { amountUsd: "The card network refuses refunds under $1.00." }) });
    await openRefund(app);
    await fillAndSubmit(app.user, app.screen, { "Amount (USD)": "0.50", Reason: "Goodwill" }, "Confirm Refund");
    expect((await app.screen.findByText("The card network refuses refunds under $1.00.")).id).toBe("refund-amount-error");
    expect(app.screen.queryByText("Refund Failed")).toBeNull();
  });
});
