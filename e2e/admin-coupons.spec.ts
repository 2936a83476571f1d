// Admin Coupons end to end: an admin creates a code (the schema's messages on bad input), edits it,
// deactivates and reactivates it; the list, the API and the audit log agree.
import { ADMIN, apiSignIn, expect, fillIn, test } from "./fixtures";

test("an admin creates, edits and deactivates a coupon", async ({ page }) => {
  const code = `GALA${Date.now().toString(36).toUpperCase()}`;
  await apiSignIn(page, ADMIN.email, ADMIN.password);
  await page.goto("/admin/coupons");
  await expect(page.getByRole("heading", { name: "Coupons" })).toBeVisible();

  // Create: a bad code and a percent over 100 are refused with the shared schema's messages.
  await page.getByRole("button", { name: "New Coupon" }).click();
  const dialog = page.getByRole("dialog", { name: "New Coupon" });
  await dialog.getByLabel("Code").fill("x");
  await dialog.getByLabel("Percent off").fill("150");
  await dialog.getByRole("button", { name: "Create Coupon" }).click();
  await expect(dialog.getByText("Codes are 3 to 32 letters, digits, dashes or underscores.")).toBeVisible();
  await expect(dialog.getByText("A percent discount is a whole number from 1 to 100.")).toBeVisible();

  await dialog.getByLabel("Code").fill(code.toLowerCase());
  await dialog.getByLabel("Type").click();
  await page.getByRole("option", { name: "Fixed amount" }).click();
  await dialog.getByLabel("Amount off (USD)").fill("25");
  await dialog.getByLabel("Applies to").click();
  await page.getByRole("option", { name: "Rides" }).click();
  await fillIn(dialog, { "Valid from": "2026-01-01", "Valid to": "2030-12-31", "Total uses": "50", "Minimum fare (USD)": "80" });
  await dialog.getByRole("button", { name: "Create Coupon" }).click();
  await expect(page.getByText("Coupon Created")).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId("coupon-row").filter({ hasText: code });
  await expect(row).toContainText("$25.00 off");
  await expect(row).toContainText("Fares from $80.00");
  await expect(row).toContainText("Rides");
  await expect(row).toContainText("0 / 50");
  await expect(row).toContainText("1 per customer");
  await expect(row).toContainText("Active");

  // Edit: the dialog opens with the saved values; change the amount and the limit.
  await row.getByRole("button", { name: `Edit ${code}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Coupon" });
  await expect(edit.getByLabel("Code")).toHaveValue(code);
  await expect(edit.getByLabel("Amount off (USD)")).toHaveValue("25");
  await expect(edit.getByLabel("Valid to")).toHaveValue("2030-12-31");
  await edit.getByLabel("Amount off (USD)").fill("30");
  await edit.getByLabel("Total uses").fill("");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Coupon Updated")).toBeVisible();
  await expect(row).toContainText("$30.00 off");
  await expect(row).toContainText("0 / ∞");

  // Deactivating asks first (naming what it does); Cancel changes nothing. Then activate again in one tap.
  const deactivate = row.getByRole("button", { name: `Deactivate ${code}` });
  await deactivate.click();
  const ask = page.getByRole("alertdialog", { name: `Deactivate ${code}?` });
  await expect(ask).toContainText("refused from now on");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(deactivate).toBeFocused();
  await expect(row).toContainText("Active");
  await deactivate.click();
  await ask.getByRole("button", { name: "Deactivate Coupon" }).click();
  await expect(page.getByText("Coupon Deactivated")).toBeVisible();
  await expect(row).toContainText("Inactive");
  await expect(row.getByRole("button", { name: `Activate ${code}` })).toBeVisible();

  const res = await page.request.get("/api/admin/coupons");
  const { coupons } = (await res.json()) as { coupons: { code: string; value: number; maxUses: number | null; active: boolean; service: string }[] };
  expect(coupons.find((c) => c.code === code)).toMatchObject({ value: 30, maxUses: null, active: false, service: "ride" });

  await page.goto("/admin/audit");
  await expect(page.getByText("Turned a coupon on or off").first()).toBeVisible();
});
