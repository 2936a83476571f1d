// @vitest-environment happy-dom
// New Coupon / Edit Coupon: what they send, each field's message, the server's under its field.
import { describe, expect, it } from "vitest";
import { COUPON_CODE_MESSAGE, COUPON_DATES_MESSAGE, COUPON_PERCENT_MESSAGE } from "@meridian/shared/coupons";
import type { AdminCoupon } from "@meridian/shared/pricing/answers";
import { COUPON_WITHOUT_LIMITS } from "@meridian/shared/test-data";
import { apiError, fillAndSubmit, renderDialog, type Routes } from "@/test/render";
import { CouponDialog } from "./coupon-dialog";

const SPRING: AdminCoupon = {
  id: "cp1",
  code: "SPRING25",
  kind: "percent",
  value: 25,
  service: "ride",
  validFrom: "2026-03-01",
  validTo: "2026-05-31",
  maxUses: 100,
  maxUsesPerCustomer: 1,
  minFareUsd: 50,
  active: true,
  usesCount: 3,
  createdAt: "2026-01-05T10:00:00.000Z",
  updatedAt: "2026-01-05T10:00:00.000Z",
};
const saved = (body: unknown) => ({ json: { coupon: { ...SPRING, ...(body as object) } } });

const open = (coupon: AdminCoupon | null, routes: Routes = {}) =>
  renderDialog(coupon ? "Edit Coupon" : "New Coupon", (onClose) => <CouponDialog open coupon={coupon} onOpenChange={onClose} />, routes);

describe("CouponDialog", () => {
  it("creates a fixed-amount code for valet with no use limits", async () => {
    const { user, screen, dialog, calls, onClose } = open(null, { "POST /api/admin/coupons": (body) => ({ status: 201, ...saved(body) }) });
    await user.type(dialog.getByLabelText("Code"), "welcome-10");
    await user.click(dialog.getByRole("combobox", { name: "Applies to" }));
    await user.click(await screen.findByRole("option", { name: "Valet" }));
    await user.click(dialog.getByRole("combobox", { name: "Type" }));
    await user.click(await screen.findByRole("option", { name: /Fixed/ }));
    await fillAndSubmit(user, dialog, { "Amount off (USD)": "12.50", "Uses per customer": "" }, "Create Coupon");
    expect(await screen.findByText("Coupon Created")).toBeTruthy();
    expect(screen.getByText("WELCOME-10 can be used in bookings.")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({
      code: "WELCOME-10",
      kind: "fixed",
      value: 12.5,
      service: "valet",
      ...COUPON_WITHOUT_LIMITS,
    });
    expect(onClose).toHaveBeenCalledWith(false);
  });

  it("saves an edit: the dates cleared and the code switched off", async () => {
    const { user, screen, dialog, calls } = open(SPRING, { "PATCH /api/admin/coupons/cp1": saved });
    await user.clear(dialog.getByLabelText("Valid from"));
    await user.clear(dialog.getByLabelText("Valid to"));
    await user.click(dialog.getByRole("switch", { name: "Active" }));
    await user.click(dialog.getByRole("button", { name: "Save Changes" }));
    expect(await screen.findByText("Coupon Updated")).toBeTruthy();
    expect(calls.find((c) => c.method === "PATCH")?.body).toMatchObject({ code: "SPRING25", validFrom: null, validTo: null, active: false, maxUses: 100, minFareUsd: 50 });
  });

  it("refuses a code with spaces", async () => {
    const { user, dialog, calls } = open(null);
    await fillAndSubmit(user, dialog, { Code: "spring sale" }, "Create Coupon");
    expect((await dialog.findByText(COUPON_CODE_MESSAGE)).id).toBe("coupon-code-error");
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("refuses a percentage over 100 and asks for a discount when emptied", async () => {
    const { user, dialog } = open(SPRING);
    const value = dialog.getByLabelText("Percent off");
    await user.clear(value);
    await user.type(value, "120");
    await user.click(dialog.getByRole("button", { name: "Save Changes" }));
    expect((await dialog.findByText(COUPON_PERCENT_MESSAGE)).id).toBe("coupon-value-error");
    await user.clear(value);
    await user.click(dialog.getByRole("button", { name: "Save Changes" }));
    expect(await dialog.findByText("Enter the discount.")).toBeTruthy();
  });

  it("refuses an end before the start", async () => {
    const { user, dialog } = open(SPRING);
    await fillAndSubmit(user, dialog, { "Valid to": "2026-02-01" }, "Save Changes");
    expect((await dialog.findByText(COUPON_DATES_MESSAGE)).id).toBe("coupon-to-error");
  });

  it("refuses a use limit of 0 and a minimum fare below 0", async () => {
    const { user, dialog, calls } = open(SPRING);
    await fillAndSubmit(user, dialog, { "Total uses": "0", "Minimum fare (USD)": "-5" }, "Save Changes");
    expect((await dialog.findByText("Total uses must be at least 1 (leave it empty for no limit).")).id).toBe("coupon-max-error");
    expect(dialog.getByText("Minimum fare must be 0 or more.").id).toBe("coupon-min-error");
    expect(calls.some((c) => c.method === "PATCH")).toBe(false);
  });

  it("puts the server's message under the code", async () => {
    const { user, screen, dialog, onClose } = open(null, {
      "POST /api/admin/coupons": apiError(409, "validation_error", "A coupon with this code already exists.", { code: "A coupon with this code already exists." }),
    });
    await fillAndSubmit(user, dialog, { Code: "SPRING25" }, "Create Coupon");
    expect(await screen.findByText("Error saving coupon")).toBeTruthy();
    expect(dialog.getByText("A coupon with this code already exists.", { selector: "#coupon-code-error" })).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
  });
});
