// @vitest-environment happy-dom
// Add a Tip: what a preset and a custom amount send (one Idempotency-Key per dialog and amount), each refused amount's
// message under the field it was chosen in, and the server's refusal there too.
import { TIP_AMOUNT_MESSAGE, TIP_CENTS_MESSAGE } from "@meridian/shared/tips";
import { describe, expect, it } from "vitest";
import { apiError, renderDialog, retype, type Routes } from "@/test/render";
import { TipDialog, type TipTarget } from "./tip-dialog";

const RIDE: TipTarget = { bookingId: "b1", service: "ride", totalUsd: 184.5, card: { brand: "visa", last4: "4242" } };
const TIP = "POST /api/me/bookings/b1/tip";
const tipped = (body: unknown) => ({
  status: 201,
  json: { tip: { bookingId: "b1", amountUsd: (body as { amountUsd: number }).amountUsd, card: { brand: "visa", last4: "4242" }, createdAt: "2026-11-27T02:00:00.000Z", recipients: [{ name: "Julian", amountUsd: 1 }] } },
});

function open(routes: Routes = {}, target: TipTarget = RIDE) {
  const app = renderDialog("Add a Tip", (onClose) => <TipDialog target={target} onClose={() => onClose(false)} />, routes);
  const tips = () => app.calls.filter((c) => c.method === "POST");
  return { ...app, tips };
}

describe("TipDialog", () => {
  it("adds the middle preset, 20% of the service, to the cent", async () => {
    const app = open({ [TIP]: tipped });
    expect(app.dialog.getByRole("button", { name: /^20%/ }).getAttribute("aria-pressed")).toBe("true");
    await app.user.click(app.dialog.getByRole("button", { name: "Add $36.90 Tip" }));
    expect(await app.screen.findByText("Your tip of $36.90 goes to Julian.")).toBeTruthy();
    expect(app.tips()[0]?.body).toEqual({ amountUsd: 36.9, percent: 20 });
    expect(app.onClose).toHaveBeenCalled();
  });

  it("adds a custom amount, without a percent", async () => {
    const app = open({ [TIP]: tipped });
    await app.user.click(app.dialog.getByRole("button", { name: /^Custom/ }));
    await app.user.type(app.dialog.getByLabelText("Custom amount (USD)"), "42.50");
    await app.user.click(app.dialog.getByRole("button", { name: "Add $42.50 Tip" }));
    expect(await app.screen.findByText("Your tip of $42.50 goes to Julian.")).toBeTruthy();
    expect(app.tips()[0]?.body).toEqual({ amountUsd: 42.5 });
  });

  it("asks for a custom amount of at least $1, under the field", async () => {
    const app = open();
    await app.user.click(app.dialog.getByRole("button", { name: /^Custom/ }));
    await app.user.click(app.dialog.getByRole("button", { name: "Add Tip" }));
    const message = await app.dialog.findByText(TIP_AMOUNT_MESSAGE);
    expect(message.id).toBe("tip-custom-error");
    await retype(app.user, app.dialog.getByLabelText("Custom amount (USD)"), "0.5");
    await app.user.click(app.dialog.getByRole("button", { name: "Add $0.50 Tip" }));
    expect((await app.dialog.findByText(TIP_AMOUNT_MESSAGE)).id).toBe("tip-custom-error");
    expect(app.tips()).toHaveLength(0);
  });

  it("refuses fractions of a cent and more than this booking's largest tip", async () => {
    const app = open();
    await app.user.click(app.dialog.getByRole("button", { name: /^Custom/ }));
    const custom = app.dialog.getByLabelText("Custom amount (USD)");
    await app.user.type(custom, "10.005");
    await app.user.click(app.dialog.getByRole("button", { name: /^Add .* Tip$/ }));
    expect((await app.dialog.findByText(TIP_CENTS_MESSAGE)).id).toBe("tip-custom-error");
    await retype(app.user, custom, "184.51");
    await app.user.click(app.dialog.getByRole("button", { name: "Add $184.51 Tip" }));
    expect((await app.dialog.findByText("A tip can be at most $184.50 on this booking.")).id).toBe("tip-custom-error");
    expect(custom.getAttribute("aria-invalid")).toBe("true");
    expect(app.tips()).toHaveLength(0);
  });

  it("refuses a preset over the largest tip (a very large fare) where the presets are", async () => {
    const app = open({}, { ...RIDE, totalUsd: 12_000 });
    await app.user.click(app.dialog.getByRole("button", { name: /^Add .* Tip$/ }));
    expect((await app.dialog.findByRole("alert")).textContent).toBe("A tip can be at most $2,000.00 on this booking.");
    expect(app.tips()).toHaveLength(0);
  });

  it("puts the server's refusal of a custom amount under the field", async () => {
    const app = open({ [TIP]: apiError(400, "validation_error", "Please check the tip.", { amountUsd: "A tip can be at most $150.00 on this booking." }) });
    await app.user.click(app.dialog.getByRole("button", { name: /^Custom/ }));
    await app.user.type(app.dialog.getByLabelText("Custom amount (USD)"), "160");
    await app.user.click(app.dialog.getByRole("button", { name: "Add $160.00 Tip" }));
    expect((await app.dialog.findByText("A tip can be at most $150.00 on this booking.")).id).toBe("tip-custom-error");
    expect(app.onClose).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of a preset (removed since) where the presets are", async () => {
    const app = open({ [TIP]: apiError(400, "validation_error", "That tip is no longer offered.", { percent: "That tip is no longer offered. Choose 15% or 25%, or a custom amount." }) });
    await app.user.click(app.dialog.getByRole("button", { name: "Add $36.90 Tip" }));
    expect((await app.dialog.findByRole("alert")).textContent).toBe("That tip is no longer offered. Choose 15% or 25%, or a custom amount.");
  });

  it("says Tip Failed for a refusal that is not about the amount", async () => {
    const app = open({ [TIP]: apiError(409, "tip_exists", "You have already added a tip for this booking. Thank you!") });
    await app.user.click(app.dialog.getByRole("button", { name: "Add $36.90 Tip" }));
    expect(await app.screen.findByText("Tip Failed")).toBeTruthy();
  });
});
