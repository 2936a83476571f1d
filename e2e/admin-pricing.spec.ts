// Admin fleet and pricing end to end: an admin adds a vehicle, opens Set Pricing, saves its rate card,
// publishes the method, and a customer's quote for that vehicle is priced with exactly those rates.
import { formatMoney } from "@meridian/shared/money";
import type { APIRequestContext } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y";
import { ADMIN, apiSignIn, createVerifiedUser, expect, fillIn, test } from "./fixtures";

/** A date `days` from now as YYYY-MM-DD (UTC is never behind Los Angeles, so it is never in the past there). */
const daysAhead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const cents = (n: number) => Math.round(n * 100) / 100;

async function firstPlaceId(request: APIRequestContext, q: string): Promise<string> {
  const res = await request.get(`/api/places/suggest?q=${encodeURIComponent(q)}&session=e2e-admin-pricing`);
  expect(res.status(), await res.text()).toBe(200);
  const { suggestions } = (await res.json()) as { suggestions: { placeId: string }[] };
  expect(suggestions.length, `suggestions for ${q}`).toBeGreaterThan(0);
  return suggestions[0]!.placeId;
}

test("an admin adds a vehicle, sets its rate card, publishes miles_minutes, and a customer's quote reflects it", async ({ page, request }) => {
  test.slow();
  // 14 seats: larger than any demo vehicle, so it sorts last in the public list other specs read.
  const name = `Zenith Coach ${Date.now().toString(36)}`;
  const baseFee = 55.5;
  const perMile = 4.2;
  const perMinute = 1.15;

  await apiSignIn(page, ADMIN.email, ADMIN.password);

  // Add Vehicle, with the spec's defaults in the dialog.
  await page.goto("/admin/vehicles");
  await page.getByRole("button", { name: "Add Vehicle" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Vehicle" });
  await expect(dialog.getByLabel("Vehicle Name")).toHaveValue("");
  await expect(dialog.getByLabel("Base Fee (USD)")).toHaveValue("0");
  await expect(dialog.getByLabel("Passenger Capacity")).toHaveValue("1");
  await expect(dialog.getByLabel("Luggage Capacity")).toHaveValue("1");
  // Name required: the spec's validation message.
  await dialog.getByRole("button", { name: "Add Vehicle" }).click();
  await expect(page.getByText("Vehicle name is required and passenger capacity must be at least 1.").first()).toBeVisible();
  await fillIn(dialog, { "Vehicle Name": name, "Base Fee (USD)": String(baseFee), "Passenger Capacity": "14", "Luggage Capacity": "8" });
  await dialog.getByRole("button", { name: "Add Vehicle" }).click();
  await expect(page.getByText("Vehicle Added!")).toBeVisible();
  await expect(dialog).toBeHidden();

  const row = page.getByTestId("vehicle-row").filter({ hasText: name }).filter({ visible: true });
  await expect(row).toContainText("$55.50");
  await expect(row).toContainText("Needs Rates");

  // Set Pricing deep-links to the vehicle's card on the live method's tab, highlighted.
  await row.getByRole("link", { name: "Set Pricing" }).click();
  await expect(page).toHaveURL(/\/admin\/pricing\?tab=miles_minutes&vehicle=[0-9a-f-]{36}$/);
  const vehicleId = new URL(page.url()).searchParams.get("vehicle")!;
  const card = page.getByRole("region", { name });
  await expect(card).toHaveAttribute("data-highlighted", "true");
  await expect(card).toBeInViewport();
  await expect(card.getByTestId("readiness")).toHaveText("Needs Rates");

  // Rate card: absent card defaults (0, 0, inactive); Save/Revert only when changed.
  const save = card.getByRole("button", { name: "Save" });
  const revert = card.getByRole("button", { name: "Revert" });
  await expect(card.getByLabel("Per Mile")).toHaveValue("0");
  await expect(save).toBeDisabled();
  await expect(revert).toBeDisabled();
  await card.getByLabel("Per Mile").fill(String(perMile));
  await card.getByLabel("Per Minute").fill(String(perMinute));
  await card.getByRole("switch", { name: `Rate card active: ${name}` }).click();
  await expect(save).toBeEnabled();
  // The preview line prices the spec's 12 mile, 30 minute example from the draft.
  await expect(card.getByTestId("rate-preview")).toContainText(formatMoney(baseFee + 12 * perMile + 30 * perMinute));
  // An unsaved draft survives a look at another tab.
  await page.getByRole("tab", { name: "Ride: Fixed Tiers" }).click();
  await expect(page).toHaveURL(/tab=fixed_tiers/);
  await expectNoA11yViolations(page, { label: "pricing, fixed tiers" });
  await page.getByRole("tab", { name: "Ride: Miles/Mins" }).click();
  await expect(card.getByLabel("Per Mile")).toHaveValue(String(perMile));
  await expect(card.getByLabel("Per Minute")).toHaveValue(String(perMinute));
  await expect(card.getByRole("switch", { name: `Rate card active: ${name}` })).toBeChecked();
  await expect(save).toBeEnabled();
  await save.click();
  await expect(page.getByText(`Rates live for ${name}`)).toBeVisible(); // rate cards apply at once: no "draft"
  await expect(save).toBeDisabled();
  await expect(card.getByTestId("readiness")).toHaveText("OK");
  await expectNoA11yViolations(page, { label: "pricing, miles and minutes" });
  // The highlight lasts 3 seconds.
  await expect(card).not.toHaveAttribute("data-highlighted", "true");

  // Method: the draft is local until Publish Changes. Publish Fixed Tiers, see the badge change, then
  // publish Miles & Minutes back.
  await page.getByRole("tab", { name: "Method" }).click();
  await expect(page).toHaveURL(/tab=methods/);
  const publish = page.getByRole("button", { name: "Publish Changes" });
  await expect(page.getByRole("radio", { name: "Miles & Minutes" })).toBeChecked();
  await expect(publish).toBeDisabled();
  await page.getByRole("radio", { name: "Fixed Tiers" }).click();
  await expect(publish).toBeEnabled();
  await publish.click();
  // Publishing asks first, naming what changes; Cancel leaves the draft alone.
  const ask = page.getByRole("alertdialog", { name: "Publish pricing changes?" });
  await expect(ask).toContainText("every new ride quote uses Fixed Tiers instead of Miles & Minutes");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(publish).toBeFocused();
  await publish.click();
  await ask.getByRole("button", { name: "Publish Now" }).click();
  await expect(page.getByText("Booking now uses the active method: Fixed Tiers.")).toBeVisible();
  await expect(publish).toBeDisabled();
  await page.getByRole("radio", { name: "Miles & Minutes" }).click();
  await publish.click();
  await ask.getByRole("button", { name: "Publish Now" }).click();
  await expect(page.getByText("Pricing Published!")).toBeVisible();
  await expect(page.getByText("Booking now uses the active method: Miles & Minutes.")).toBeVisible();
  // One toast at a time: the second publish replaced the first toast rather than queueing behind it.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(1);
  await expect(publish).toBeDisabled();

  // The simulator gives the same itemised quote the booking uses.
  await page.getByLabel("Vehicle", { exact: true }).selectOption(vehicleId);
  await page.getByRole("button", { name: "Simulate Quote" }).click();
  await expect(page.getByTestId("simulator-total")).toHaveText(formatMoney(baseFee + 12 * perMile + 30 * perMinute));

  // A new vehicle starts inactive: priced now, the admin switches it on, and customers are offered it.
  await page.goto("/admin/vehicles");
  await expect(row.getByRole("switch", { name: `Active: ${name}` })).not.toBeChecked();
  await row.getByRole("switch", { name: `Active: ${name}` }).click();
  await expect(row.getByRole("switch", { name: `Active: ${name}` })).toBeChecked();
  await expect
    .poll(async () => ((await (await request.get("/api/vehicles")).json()) as { vehicles: { id: string }[] }).vehicles.some((v) => v.id === vehicleId))
    .toBe(true);

  // A type with no car is not sold (the availability rule): the desk moves one of the demo's Sprinters to it for the
  // customer's quote, and back afterwards (a type that has cars cannot be deleted).
  const { units } = (await (await page.request.get("/api/admin/fleet/units?status=in_service")).json()) as { units: { id: string; vehicleTypeId: string; vehicleTypeName: string }[] };
  const borrowed = units.find((u) => u.vehicleTypeName === "Executive Sprinter")!;
  const moveCar = async (vehicleTypeId: string) => expect((await page.request.patch(`/api/admin/fleet/units/${borrowed.id}`, { data: { vehicleTypeId } })).status()).toBe(200);
  await moveCar(vehicleId);

  // A customer's quote for the new vehicle.
  const customer = await createVerifiedUser(request, "Pricing Guest");
  expect((await request.post("/api/auth/sign-in/email", { data: { email: customer.email, password: customer.password } })).status()).toBe(200);
  const pickupPlaceId = await firstPlaceId(request, "LAX");
  const dropoffPlaceId = await firstPlaceId(request, "Beverly Hills");
  const res = await request.post("/api/quotes", {
    data: { pickupPlaceId, dropoffPlaceId, vehicleTypeId: vehicleId, passengers: 1, luggage: 0, date: daysAhead(2), time: "12:00" },
  });
  expect(res.status(), await res.text()).toBe(200);
  const { quote } = (await res.json()) as { quote: { method: string; vehicleTypeId: string; miles: number; minutes: number; totalUsd: number } };
  expect(quote).toMatchObject({ method: "miles_minutes", vehicleTypeId: vehicleId });
  expect(quote.miles).toBeGreaterThan(0);
  expect(quote.minutes).toBeGreaterThan(0);
  expect(quote.totalUsd).toBeCloseTo(baseFee + cents(quote.miles * perMile) + cents(quote.minutes * perMinute), 2);

  // Tidy up: the car goes back; the vehicle has no bookings, so it can really be deleted.
  await moveCar(borrowed.vehicleTypeId);
  await page.goto("/admin/vehicles");
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Delete Vehicle" }).click();
  await expect(page.getByText("Vehicle Deleted")).toBeVisible();
  await expect(page.getByTestId("vehicle-row").filter({ hasText: name })).toHaveCount(0);
});

test("an admin changes the valet rates, publishes, and the customer's next valet quote reflects it", async ({ page, request, browser }) => {
  test.slow();
  const placeId = await firstPlaceId(request, "Beverly Hills Hotel");
  const event = { customerName: "Rate Watcher", eventType: "Wedding", date: daysAhead(3), startTime: "17:00", endTime: "22:00", eventPlaceId: placeId, expectedVehicles: 90 };
  const quoteNow = async () => {
    const res = await request.post("/api/valet/quotes", { data: event });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { quote: { totalUsd: number; attendants: number; billableHours: number } }).quote;
  };
  const before = await quoteNow();

  await apiSignIn(page, ADMIN.email, ADMIN.password);
  const original = (await (await page.request.get("/api/admin/pricing/valet")).json()) as { published: Record<string, unknown> & { attendantHourlyUsd: number } };
  await page.goto("/admin/pricing?tab=valet");
  const panel = page.getByTestId("valet-rates");
  const publish = page.getByRole("button", { name: "Publish Changes" });
  await expect(panel.getByTestId("valet-rates-status")).toHaveText("Live");
  await expect(publish).toBeDisabled();
  await expect(panel.getByTestId("valet-rules")).toContainText("Attendants: one for every");

  // A saved draft does not change quotes; the simulator shows what it would do.
  const raised = original.published.attendantHourlyUsd + 10;
  await panel.getByLabel("Attendant hourly rate").fill(String(raised));
  await expect(panel.getByTestId("valet-rates-status")).toHaveText("Unsaved changes");
  await expect(panel.getByTestId("valet-rules")).toContainText(`${formatMoney(raised)} an hour`);
  await panel.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Valet rates saved as draft")).toBeVisible();
  await expect(panel.getByTestId("valet-rates-status")).toHaveText("Saved draft · not yet published");
  expect((await quoteNow()).totalUsd).toBe(before.totalUsd);
  const expected = cents(before.totalUsd + before.attendants * before.billableHours * 10);

  await page.getByRole("radio", { name: "Event valet" }).click();
  await page.getByLabel("Expected vehicles", { exact: true }).fill("90");
  await page.getByLabel("Rates", { exact: true }).selectOption("draft");
  await page.getByRole("button", { name: "Simulate Quote" }).click();
  await expect(page.getByTestId("simulator-total")).toHaveText(`$${expected.toLocaleString("en-US", { minimumFractionDigits: 2 })}`);

  // Publish Changes: the next quote uses the new rates, in the API and in a customer's booking dialog.
  await expect(publish).toBeEnabled();
  // Beside the simulator, Publish Changes never covers its result.
  const [pub, result] = [await publish.boundingBox(), await page.getByTestId("simulator-total").boundingBox()];
  expect(pub && result && (pub.y + pub.height <= result.y || result.y + result.height <= pub.y || pub.x + pub.width <= result.x || result.x + result.width <= pub.x)).toBe(true);
  await publish.click();
  await page.getByRole("alertdialog", { name: "Publish pricing changes?" }).getByRole("button", { name: "Publish Now" }).click();
  await expect(page.getByText("Pricing Published!")).toBeVisible();
  await expect(page.getByText("The new valet rates now price every valet quote.")).toBeVisible();
  await expect(panel.getByTestId("valet-rates-status")).toHaveText("Live");
  await expect(publish).toBeDisabled();
  expect((await quoteNow()).totalUsd).toBe(expected);

  const visitor = await browser.newPage();
  await visitor.goto("/");
  await visitor.getByRole("banner").getByRole("button", { name: "Book Now" }).click();
  const dialog = visitor.getByRole("dialog", { name: "Reserve Your Experience" });
  await dialog.getByRole("tab", { name: "Valet Service" }).click();
  await dialog.getByLabel("Customer Full Name").fill("Rate Watcher");
  await dialog.getByLabel("Date").fill(event.date);
  const box = dialog.getByRole("combobox", { name: "Event Address" });
  await box.fill("Beverly Hills Hotel");
  await visitor.locator(`[id="${await box.getAttribute("aria-controls")}"]`).getByRole("option").first().click();
  await dialog.getByLabel("Expected Vehicles (optional)").fill("90");
  await expect(dialog.getByTestId("quote-total")).toHaveText(formatMoney(expected));
  await visitor.close();

  // Tidy up: the original card, published again.
  expect((await page.request.put("/api/admin/pricing/valet", { data: original.published })).status()).toBe(200);
  expect((await page.request.post("/api/admin/pricing/publish", { data: { method: "miles_minutes" } })).status()).toBe(200);
  expect((await quoteNow()).totalUsd).toBe(before.totalUsd);
});
