// Settings → Company and Features (issue 25): an admin edits them and sees the effect on the public site; each
// tab is axe clean. The settings are put back afterwards (other specs share the server).
import { expectNoA11yViolations } from "./a11y";
import { ADMIN, apiSignIn, expect, fillIn, test } from "./fixtures";

test("Company: a new display name and phone are in the site's footer; Features: valet booking off hides the Valet tab", async ({ page }) => {
  test.slow();
  await apiSignIn(page, ADMIN.email, ADMIN.password);
  const before = (await (await page.request.get("/api/admin/settings/company")).json()) as { company: Record<string, unknown> };
  const features = (await (await page.request.get("/api/admin/settings/features")).json()) as { features: Record<string, boolean> };
  try {
    await page.goto("/admin/settings");
    await page.getByRole("tab", { name: "Company" }).click();
    await fillIn(page, { "Display name": "Aurum Cars", "Legal name": "Aurum Chauffeurs Inc.", Phone: "(626) 555-0123" });
    await page.getByRole("button", { name: "Save Settings" }).click();
    await expect(page.getByRole("button", { name: "Save Settings" })).toBeDisabled();
    await expectNoA11yViolations(page, { label: "Settings → Company" });
    await page.screenshot({ path: "test-results/settings-company.png", fullPage: true });

    await page.getByRole("tab", { name: "Features" }).click();
    const valet = page.getByRole("switch", { name: "Valet booking" });
    await expect(valet).toHaveAttribute("aria-checked", "true");
    await valet.click();
    await expect(valet).toHaveAttribute("aria-checked", "false");
    await expect(page.getByText("Customers read: “Valet booking is not available online")).toBeVisible();
    await expectNoA11yViolations(page, { label: "Settings → Features" });
    await page.screenshot({ path: "test-results/settings-features.png", fullPage: true });

    await page.goto("/");
    const footer = page.locator("footer");
    await expect(footer).toContainText("(626) 555-0123");
    await expect(footer).toContainText("© ");
    await expect(footer).toContainText("Aurum Chauffeurs Inc. All rights reserved.");
    await expect(page.getByText("Valet booking is not available online at the moment.").first()).toBeVisible();
    await page.getByRole("button", { name: /Reserve/ }).first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog.getByRole("tab", { name: "Ride Transport" })).toBeVisible();
    await expect(dialog.getByRole("tab", { name: "Valet Service" })).toHaveCount(0);
  } finally {
    await page.request.put("/api/admin/settings/company", { data: before.company });
    await page.request.put("/api/admin/settings/features", { data: features.features });
  }
});
