// Issue 27 (places): the home page's valet packages open the booking dialog on the Valet tab, and a typed
// street address on the embedded maps is offered as an approximate suggestion that quotes; desktop and 390 px.
import type { Page } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y";
import { expect, test } from "./fixtures";

for (const size of [
  { label: "desktop", width: 1280, height: 720 },
  { label: "390 px", width: 390, height: 844 },
]) {
  test.describe(size.label, () => {
    test.use({ viewport: { width: size.width, height: size.height } });

    test("Reserve Event Valet and Reserve Premium Package open the dialog on the Valet tab", async ({ page }) => {
      await page.goto("/");
      for (const name of ["Reserve Event Valet", "Reserve Premium Package"]) {
        await page.getByRole("button", { name }).click();
        const dialog = page.getByRole("dialog", { name: "Reserve Your Experience" });
        await expect(dialog.getByRole("tab", { name: "Valet Service" })).toHaveAttribute("aria-selected", "true");
        await page.keyboard.press("Escape");
        await expect(dialog).toBeHidden();
      }
      await page.getByRole("button", { name: "Reserve Executive Transport" }).click();
      await expect(page.getByRole("dialog").getByRole("tab", { name: "Ride Transport" })).toHaveAttribute("aria-selected", "true");
    });

    test("a typed street address is offered as approximate and quotes", async ({ page }) => {
      await page.goto("/");
      const dialog = await openRide(page);
      const pickup = dialog.getByRole("combobox", { name: "Pickup" });
      await pickup.fill("123 Main St, Los Angeles");
      const option = page.getByRole("option").filter({ hasText: "123 Main St" }).first();
      await expect(option).toContainText("Approximate location");
      await option.click();
      await expect(dialog.getByRole("group", { name: "Pickup" })).toContainText("Approximate location");
      const dropoff = dialog.getByRole("combobox", { name: "Dropoff" });
      await dropoff.fill("LAX");
      await page.getByRole("option").filter({ hasText: "LAX" }).first().click();
      await expect(dialog.getByTestId("quote-total")).toBeVisible();
      await page.screenshot({ path: `test-results/places-approximate-${size.width}.png` });
      await expectNoA11yViolations(page, { include: dialog, label: `booking dialog with an approximate address, ${size.label}` });
    });
  });
}

async function openRide(page: Page) {
  await page.getByRole("button", { name: "Reserve Executive Transport" }).click();
  const dialog = page.getByRole("dialog", { name: "Reserve Your Experience" });
  await expect(dialog).toBeVisible();
  return dialog;
}
