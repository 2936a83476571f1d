// Settings → Operations: operating hours (an opening and a closing time, or around the clock) and blackout dates
// (add a date, remove one), validated with the shared schema's messages and saved on the server. The settings
// are put back afterwards (server-wide: named settings-*.spec.ts, it runs alone).
import { expectNoA11yViolations } from "./a11y";
import { ADMIN, apiSignIn, expect, test } from "./fixtures";

test("Operations: operating hours and blackout dates are set, validated and saved", async ({ page }) => {
  test.slow();
  await apiSignIn(page, ADMIN.email, ADMIN.password);
  const before = (await (await page.request.get("/api/admin/settings")).json()) as { operations: Record<string, unknown> };
  try {
    await page.goto("/admin/settings");
    const save = page.getByRole("button", { name: "Save Settings" });
    const aroundTheClock = page.getByRole("switch", { name: "Around the clock" });
    // Start from around the clock with no blackout dates (whatever an earlier run left).
    if ((await aroundTheClock.getAttribute("aria-checked")) === "false") await aroundTheClock.click();
    const list = page.getByRole("list", { name: "Blackout dates" });
    while (await list.getByRole("button").count()) await list.getByRole("button").first().click();

    // Hours: off "around the clock", the same opening and closing time is refused under the field.
    await aroundTheClock.click();
    await expect(aroundTheClock).toHaveAttribute("aria-checked", "false");
    await page.getByLabel("Opening time").fill("07:00");
    await page.getByLabel("Closing time").fill("07:00");
    await save.click();
    await expect(page.getByText("Closing time must differ from the opening time (no hours means around the clock).")).toBeVisible();
    await page.getByLabel("Closing time").fill("22:30");
    await expect(page.getByText("Rides are sold for pickups from 7:00 AM until 10:30 PM.")).toBeVisible();

    // Blackout dates: nothing chosen, then two days (the later one first: the list is kept in order), one twice.
    await page.getByRole("button", { name: "Add Date" }).click();
    await expect(page.getByText("Choose a date to add.")).toBeVisible();
    await page.getByLabel("Blackout date", { exact: true }).fill("2031-12-31");
    await page.getByRole("button", { name: "Add Date" }).click();
    await page.getByLabel("Blackout date", { exact: true }).fill("2031-12-25");
    await page.getByRole("button", { name: "Add Date" }).click();
    await page.getByLabel("Blackout date", { exact: true }).fill("2031-12-25");
    await page.getByRole("button", { name: "Add Date" }).click();
    await expect(page.getByText("Thu, Dec 25, 2031 is already a blackout date.")).toBeVisible();
    await expect(list.getByRole("listitem")).toHaveText(["Thu, Dec 25, 2031", "Wed, Dec 31, 2031"]);
    await save.click();
    await expect(page.getByText("Settings Saved")).toBeVisible();
    await expect(save).toBeDisabled();
    await expectNoA11yViolations(page, { label: "Settings → Operations with hours and blackout dates" });
    await page.screenshot({ path: test.info().outputPath("settings-operations-hours.png"), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: test.info().outputPath("settings-operations-hours-390.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 720 });
    let saved = (await (await page.request.get("/api/admin/settings")).json()) as { operations: { operatingHours: unknown; blackoutDates: string[] } };
    expect(saved.operations).toMatchObject({ operatingHours: { open: "07:00", close: "22:30" }, blackoutDates: ["2031-12-25", "2031-12-31"] });

    // After a reload the form shows what was saved; one date removed and around the clock again.
    await page.reload();
    await expect(page.getByLabel("Opening time")).toHaveValue("07:00");
    await list.getByRole("button", { name: "Remove Wed, Dec 31, 2031" }).click();
    await expect(list.getByRole("listitem")).toHaveText(["Thu, Dec 25, 2031"]);
    await aroundTheClock.click();
    await expect(page.getByLabel("Opening time")).toHaveCount(0);
    await save.click();
    await expect(save).toBeDisabled();
    saved = (await (await page.request.get("/api/admin/settings")).json()) as typeof saved;
    expect(saved.operations).toMatchObject({ operatingHours: null, blackoutDates: ["2031-12-25"] });
  } finally {
    const put = await page.request.put("/api/admin/settings", { data: before.operations });
    expect(put.status(), await put.text()).toBe(200);
  }
});
