// Settings → Maps: the provider in use and its live health, the service area saved (a radius from the base) and
// enforced by the next quote with a sentence, the preview image; axe clean.
import { expectNoA11yViolations } from "./a11y";
import { ADMIN, apiSignIn, expect, laDaysAhead, test } from "./fixtures";

test("Settings → Maps: provider, live health, the service area saved and refused by a quote", async ({ page }) => {
  await apiSignIn(page, ADMIN.email, ADMIN.password);
  await page.goto("/admin/settings");
  await page.getByRole("tab", { name: "Maps" }).click();
  await expect(page.getByTestId("maps-provider")).toHaveText(/^Embedded/);
  const health = page.getByTestId("maps-health");
  await expect(health.getByText("Test lookup: working")).toBeVisible();
  await expect(health.getByText("Test route: working")).toBeVisible();
  await expect(page.getByRole("img", { name: /^Map of the service area: pickups in Los Angeles/ })).toBeVisible();
  await expectNoA11yViolations(page, { label: "settings maps (counties)" });

  await page.getByRole("radio", { name: "A radius from the base" }).check();
  await page.getByLabel("Radius", { exact: true }).fill("20");
  await page.getByRole("button", { name: "Save Service Area" }).click();
  await expect(page.getByRole("img", { name: "Map of the service area: pickups within 20 miles of Downtown Los Angeles" })).toBeVisible();
  await page.getByRole("region", { name: "Service area" }).screenshot({ path: "test-results/settings-maps.png" });

  // The next quote from Ontario (about 37 miles out) is refused with the sentence.
  const { vehicles } = (await (await page.request.get("/api/vehicles")).json()) as { vehicles: { id: string }[] };
  const quote = await page.request.post("/api/quotes", {
    data: { pickupPlaceId: "emb:apt:ONT", dropoffPlaceId: "emb:apt:LAX", vehicleTypeId: vehicles[0]!.id, passengers: 1, luggage: 0, date: laDaysAhead(3), time: "12:00" },
  });
  expect(quote.status()).toBe(422);
  expect(((await quote.json()) as { error: { message: string } }).error.message).toMatch(/^We serve pickups within 20 miles of Downtown Los Angeles; Ontario International Airport \(ONT\) is \d+ miles away\./);

  // Back to the counties, so the other specs quote as before.
  await page.getByRole("radio", { name: "Counties" }).check();
  for (const c of ["Los Angeles", "Orange", "Ventura", "Riverside", "San Bernardino", "Santa Barbara", "San Diego", "Kern"]) await page.getByRole("checkbox", { name: `${c} County` }).check();
  await page.getByRole("button", { name: "Save Service Area" }).click();
  await expect(page.getByRole("img", { name: /^Map of the service area: pickups in Los Angeles, Orange, Ventura/ })).toBeVisible();
  await expectNoA11yViolations(page, { label: "settings maps (saved)" });
});
