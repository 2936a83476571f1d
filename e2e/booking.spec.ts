// The booking dialog against the real server (embedded gazetteer): addresses, map chips, the server's
// quote, the capacity auto-switch, confirm, the ticket, the dashboard, and the admin's live toast.
import type { Locator, Page } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y";
import { adminPage, bookingConfirmed, expect, signedInCustomer, test } from "./fixtures";

type Vehicle = { id: string; name: string; passengerCapacity: number; luggageCapacity: number };

/** Opens the booking dialog; `audit: false` where a toast must be read before the (slow) accessibility audit. */
async function openBooking(page: Page, { audit = true } = {}) {
  await page.getByRole("banner").getByRole("button", { name: "Book Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Reserve Your Experience" });
  await expect(dialog).toBeVisible();
  if (audit) await expectNoA11yViolations(page, { include: dialog, label: "booking dialog" });
  return dialog;
}

/** Types into an address combobox and waits for the listbox it controls to show `option`. */
async function typeAddress(dialog: Locator, label: string, text: string, option: string | RegExp) {
  const box = dialog.getByRole("combobox", { name: label });
  await box.fill(text);
  await expect(box).toHaveAttribute("aria-expanded", "true");
  const listbox = dialog.page().locator(`[id="${await box.getAttribute("aria-controls")}"]`);
  const match = listbox.getByRole("option").filter({ hasText: option }).first();
  await expect(match).toBeVisible();
  return { box, listbox, match };
}

async function expectMapLoaded(img: Locator) {
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
}

test("a customer books a ride: suggestions, map chips, quote, vehicle auto-switch, ticket, dashboard; an admin sees it live", async ({
  page,
  request,
  browser,
}) => {
  test.slow(); // two browser contexts, real quotes and a booking
  const { vehicles } = (await (await request.get("/api/vehicles")).json()) as { vehicles: Vehicle[] };
  const [first] = vehicles;
  expect(first).toBeDefined();
  const crowd = first!.passengerCapacity + 1;
  const larger = vehicles.find((v) => v.passengerCapacity >= crowd);
  expect(larger, "the demo fleet has a vehicle larger than the smallest").toBeDefined();

  // The admin watches from a second browser.
  const admin = await adminPage(browser);

  await signedInCustomer(page, request, "Octavia Brandt");
  const dialog = await openBooking(page);
  await expect(dialog.getByRole("tab", { name: "Ride Transport" })).toHaveAttribute("aria-selected", "true");
  await expect(dialog.getByLabel("Time")).toHaveValue("12:00");
  await expect(dialog.getByLabel("Passengers")).toHaveValue("1");
  await expect(dialog.getByLabel("Luggage")).toHaveValue("0");
  const confirm = dialog.getByRole("button", { name: "Confirm Booking" });
  await expect(confirm).toBeDisabled();

  // Pickup by keyboard: ArrowDown highlights the first suggestion, Enter picks it.
  const pickup = await typeAddress(dialog, "Pickup", "LAX", "Los Angeles International Airport");
  await pickup.box.press("ArrowDown");
  const activeId = await pickup.box.getAttribute("aria-activedescendant");
  expect(activeId).toBeTruthy();
  await expect(page.locator(`[id="${activeId}"]`)).toHaveAttribute("aria-selected", "true");
  await expect(page.locator(`[id="${activeId}"]`)).toContainText("LAX");
  await pickup.box.press("Enter");
  const pickupChip = dialog.getByRole("group", { name: "Pickup" });
  await expect(pickupChip).toContainText("Los Angeles International Airport");
  await expectMapLoaded(pickupChip.getByRole("img"));
  await expect(pickupChip.getByRole("img")).toHaveAttribute("src", /\/api\/places\/[^/]+\/map\.svg$/);

  // Dropoff by mouse; its chip shows the route from the pickup.
  const dropoff = await typeAddress(dialog, "Dropoff", "Beverly Hills", /^Beverly Hills/);
  await dropoff.match.click();
  const dropoffChip = dialog.getByRole("group", { name: "Dropoff" });
  await expect(dropoffChip).toContainText("Beverly Hills");
  await expectMapLoaded(dropoffChip.getByRole("img"));
  await expect(dropoffChip.getByRole("img")).toHaveAttribute("src", /map\.svg\?to=/);

  // The server's itemised quote: lines, total with 2 decimals, miles 1 decimal, minutes 0 decimals, vehicle.
  const quote = dialog.getByRole("region", { name: "Your quote" });
  await expect(quote.getByTestId("quote-total")).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
  await expect(quote.getByTestId("quote-trip")).toHaveText(new RegExp(`^${first!.name} · \\d+\\.\\d mi · \\d+ min$`));
  await expect(quote.locator("dl > div").first()).toContainText(/\$\d+\.\d{2}/);
  await expect(confirm).toBeEnabled();

  // More passengers than the selected vehicle seats: it switches to the first that fits, no capacity error.
  const select = dialog.getByTestId("vehicle-select");
  await expect(select).toHaveText(first!.name);
  const before = await select.getAttribute("data-vehicle-id");
  await dialog.getByLabel("Passengers").fill(String(crowd));
  await expect(select).toHaveText(larger!.name);
  await expect(select).not.toHaveAttribute("data-vehicle-id", before ?? "");
  await expect(select).toHaveAttribute("data-vehicle-id", larger!.id);
  await expect(dialog.getByText("No vehicle meets the required capacity.")).toHaveCount(0);
  await expect(dialog.getByText(/Selected vehicle only supports/)).toHaveCount(0);
  await expect(quote.getByTestId("quote-trip")).toContainText(larger!.name);
  await expect(quote).toHaveAttribute("aria-busy", "false");

  await confirm.click();
  const { confirmed, ticketCode } = await bookingConfirmed(page, "ride");
  // The admin's browser announces it within a few seconds (checked before the audit below, which can outlast the toast).
  await expect(admin.getByText("New Booking Received!")).toBeVisible({ timeout: 5_000 });
  await expect(admin.getByText("A new ride booking was just created.")).toBeVisible();
  await expectNoA11yViolations(page, { include: confirmed, label: "booking confirmed" });
  await admin.context().close();

  await confirmed.getByRole("button", { name: "Close" }).last().click();
  await expect(confirmed).toBeHidden();

  await page.goto("/dashboard");
  const bookings = page.getByRole("list", { name: "Your bookings" }).getByRole("listitem");
  await expect(bookings).toHaveCount(1);
  await expect(bookings.first()).toContainText("Los Angeles International Airport");
  await page.getByRole("tab", { name: "My Tickets" }).click();
  await expect(page.getByRole("list", { name: "Your tickets" }).getByRole("listitem").first()).toContainText(ticketCode);
});

test("an address must be picked from the suggestions; Escape closes the list, not the dialog", async ({ page }) => {
  await page.goto("/");
  const dialog = await openBooking(page);
  const { box, listbox } = await typeAddress(dialog, "Pickup", "Santa Monica", "Santa Monica");
  await box.press("Escape");
  await expect(box).toHaveAttribute("aria-expanded", "false");
  await expect(listbox).toBeHidden();
  await expect(dialog).toBeVisible();
  await box.press("Enter");
  await expect(page.getByText("Please select an address from the suggestions.")).toBeVisible();
  await expect(dialog.getByRole("group", { name: "Pickup" })).toHaveCount(0);

  // Change returns to typing.
  await box.press("ArrowDown");
  await box.press("Enter");
  const chip = dialog.getByRole("group", { name: "Pickup" });
  await expect(chip).toContainText("Santa Monica");
  await chip.getByRole("button", { name: "Change" }).click();
  await expect(dialog.getByRole("combobox", { name: "Pickup" })).toBeFocused();

  // A pick whose place cannot be loaded is refused and nothing is chosen.
  await page.route(/\/api\/places\/[^/?]+$/, (route) =>
    route.request().url().includes("/suggest") ? route.fallback() : route.fulfill({ status: 404, json: { error: { code: "not_found", message: "Unknown place." } } }),
  );
  await (await typeAddress(dialog, "Pickup", "Malibu", "Malibu")).match.click();
  await expect(page.getByText("Invalid Address")).toBeVisible();
  await expect(page.getByText("Please select a valid address from the suggestions.")).toBeVisible();
  await expect(dialog.getByRole("group", { name: "Pickup" })).toHaveCount(0);
});

test("a signed-out visitor gets a quote but must sign in to confirm, and the booking dialog keeps its state", async ({ page }) => {
  await page.goto("/");
  const dialog = await openBooking(page);
  const pickup = await typeAddress(dialog, "Pickup", "Burbank", "Burbank");
  await pickup.match.click();
  const dropoff = await typeAddress(dialog, "Dropoff", "Pasadena", "Pasadena");
  await dropoff.match.click();
  await expect(dialog.getByTestId("quote-total")).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
  await dialog.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(page.getByText("You must be logged in to book.")).toBeVisible();
  const signIn = page.getByRole("dialog", { name: "Sign In" });
  await expect(signIn).toBeVisible();
  await signIn.getByRole("button", { name: "Close" }).click();
  await expect(signIn).toBeHidden();
  await expect(dialog.getByRole("group", { name: "Pickup" })).toContainText("Burbank");
  await expect(dialog.getByRole("group", { name: "Dropoff" })).toContainText("Pasadena");
});

test("no vehicle fits a very large party: the spec's messages, no quote, Confirm disabled", async ({ page, request }) => {
  const { vehicles } = (await (await request.get("/api/vehicles")).json()) as { vehicles: Vehicle[] };
  const biggest = Math.max(...vehicles.map((v) => v.passengerCapacity));
  await page.goto("/");
  const dialog = await openBooking(page);
  await (await typeAddress(dialog, "Pickup", "LAX", "LAX")).match.click();
  await (await typeAddress(dialog, "Dropoff", "Santa Monica", "Santa Monica")).match.click();
  await expect(dialog.getByTestId("quote-total")).toBeVisible();

  await dialog.getByLabel("Passengers").fill(String(biggest + 1));
  await expect(dialog.getByText("No vehicle meets the required capacity.")).toBeVisible();
  await expect(dialog.getByTestId("vehicle-select")).toHaveText("No vehicles available for this capacity");
  await expect(dialog.getByTestId("vehicle-select")).toBeDisabled();
  // One sentence: what the largest vehicle seats (not a message about a vehicle nobody chose).
  await expect(dialog.getByText(`No vehicle meets the required capacity. Our largest vehicle seats ${biggest} passengers.`)).toBeVisible();
  await expect(dialog.getByText(/Selected vehicle only supports/)).toHaveCount(0);
  await expect(page.getByText("Capacity Issue")).toBeVisible();
  await expect(dialog.getByTestId("quote-total")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Confirm Booking" })).toBeDisabled();
  await expectNoA11yViolations(page, { include: dialog, label: "booking dialog, no vehicle fits" });

  // A negative party is refused at the field, not silently changed; an empty field becomes the minimum.
  await dialog.getByLabel("Passengers").fill("-3");
  await dialog.getByLabel("Passengers").blur();
  await expect(dialog.getByText("Passengers must be a whole number of at least 1.")).toBeVisible();
  await expect(dialog.getByTestId("quote-total")).toHaveCount(0);
  await dialog.getByLabel("Passengers").fill("");
  await dialog.getByLabel("Passengers").blur();
  await expect(dialog.getByLabel("Passengers")).toHaveValue("1");
  await expect(dialog.getByTestId("quote-total")).toBeVisible();
});

test("valet tab: defaults, duration, time validation, a live quote, sign-in to book; switching tabs clears details", async ({ page }) => {
  await page.goto("/");
  const dialog = await openBooking(page);
  await (await typeAddress(dialog, "Pickup", "LAX", "LAX")).match.click();
  await expect(dialog.getByRole("group", { name: "Pickup" })).toBeVisible();

  await dialog.getByRole("tab", { name: "Valet Service" }).click();
  await expect(dialog.getByLabel("Event Type")).toHaveText("Wedding");
  await expect(dialog.getByLabel("Start Time")).toHaveValue("17:00");
  await expect(dialog.getByLabel("End Time")).toHaveValue("22:00");
  await expect(dialog.getByTestId("valet-duration")).toHaveText("5 hours 0 minutes");
  await expectNoA11yViolations(page, { include: dialog, label: "valet tab" });
  const submit = dialog.getByRole("button", { name: "Request Valet Service" });
  await expect(submit).toBeDisabled();

  await dialog.getByLabel("Customer Full Name").fill("Imogen Castellane");
  await (await typeAddress(dialog, "Event Address", "Beverly Hills Hotel", "Beverly Hills Hotel")).match.click();
  await expect(dialog.getByTestId("quote-total")).toBeVisible();
  await expect(submit).toBeEnabled();

  // The end time offers only quarter hours after the start: an end before the start cannot be chosen.
  await expect(dialog.getByLabel("End Time").locator("option", { hasText: /^4:00 PM$/ })).toHaveCount(0);
  await expect(dialog.getByLabel("End Time").locator("option").first()).toHaveText("5:15 PM");
  await dialog.getByLabel("End Time").selectOption("23:15");
  await expect(dialog.getByTestId("valet-duration")).toHaveText("6 hours 15 minutes");
  await expect(dialog.getByTestId("quote-total")).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
  await expect(submit).toBeEnabled();
  await submit.click();
  await expect(page.getByText("You must be logged in to book.")).toBeVisible();
  await expect(page.getByText("Feature not implemented")).toHaveCount(0);
  await page.getByRole("dialog", { name: "Sign In" }).getByRole("button", { name: "Close" }).click();

  await dialog.getByRole("tab", { name: "Ride Transport" }).click();
  await expect(dialog.getByRole("combobox", { name: "Pickup" })).toHaveValue("");
  await expect(dialog.getByRole("group", { name: "Pickup" })).toHaveCount(0);
});

test("'Use my current location' fills the address from the browser's position, and says so when it cannot", async ({ browser }) => {
  // Near LAX: the server's reverse lookup answers the nearest known place.
  const located = await browser.newContext({ geolocation: { latitude: 33.9425, longitude: -118.4081 }, permissions: ["geolocation"] });
  const page = await located.newPage();
  await page.goto("/");
  const dialog = await openBooking(page);
  await dialog.getByRole("button", { name: "Use my current location" }).first().click();
  const chip = dialog.getByRole("group", { name: "Pickup" });
  await expect(chip).toBeVisible();
  await expectMapLoaded(chip.getByRole("img"));
  await located.close();

  const denied = await browser.newContext({ permissions: [] });
  const page2 = await denied.newPage();
  await page2.goto("/");
  const dialog2 = await openBooking(page2);
  await dialog2.getByRole("button", { name: "Use my current location" }).first().click();
  await expect(page2.getByText("Unable to retrieve your location.")).toBeVisible();
  await expect(dialog2.getByRole("group", { name: "Pickup" })).toHaveCount(0);
  await denied.close();
});

test("failures show the spec's toasts: vehicles, route, and a changed quote (new Idempotency-Key on retry)", async ({ page, request }) => {
  test.slow();
  await signedInCustomer(page, request, "Perpetua Vance");

  // Vehicles cannot be loaded.
  await page.route("**/api/vehicles", (route) => route.fulfill({ status: 503, json: { error: { code: "unavailable", message: "Fleet is resting." } } }));
  let dialog = await openBooking(page, { audit: false });
  await expect(page.getByText("Could not fetch vehicles.")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).last().click();
  await page.unroute("**/api/vehicles");

  // The route cannot be calculated: the spec's title and description, and no quote is shown.
  await page.route("**/api/quotes", (route) =>
    route.fulfill({ status: 422, json: { error: { code: "route_failed", message: "Could not calculate route" } } }),
  );
  dialog = await openBooking(page, { audit: false });
  await (await typeAddress(dialog, "Pickup", "LAX", "LAX")).match.click();
  await (await typeAddress(dialog, "Dropoff", "Malibu", "Malibu")).match.click();
  await expect(page.getByText("Please check addresses and try again.")).toBeVisible();
  await expect(page.getByText("Could not calculate route")).toBeVisible();
  await expect(dialog.getByTestId("quote-total")).toHaveCount(0);
  await expect(dialog.getByRole("button", { name: "Confirm Booking" })).toBeDisabled();
  await page.unroute("**/api/quotes");

  // A real quote once the route works again (passengers changed, so a new quote is asked for).
  await dialog.getByLabel("Passengers").fill("2");
  await expect(dialog.getByTestId("quote-total")).toHaveText(/^\$\d[\d,]*\.\d{2}$/);

  // The first booking attempt meets a changed price: 'Quote Error', the quote is fetched again, and the
  // next attempt carries a new Idempotency-Key (the first request had no effect).
  const keys: string[] = [];
  let first = true;
  await page.route("**/api/bookings", async (route) => {
    keys.push(route.request().headers()["idempotency-key"] ?? "");
    if (first) {
      first = false;
      return route.fulfill({ status: 409, json: { error: { code: "quote_changed", message: "The price has changed. Please review the new quote." } } });
    }
    return route.continue();
  });
  const requote = page.waitForRequest((r) => r.url().endsWith("/api/quotes") && r.method() === "POST");
  await dialog.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(page.getByText("Quote Error")).toBeVisible();
  await expect(page.getByText("The price has changed. Please review the new quote.")).toBeVisible();
  await requote;
  await expect(dialog.getByRole("button", { name: "Confirm Booking" })).toBeEnabled();
  await dialog.getByRole("button", { name: "Confirm Booking" }).click();
  await expect(page.getByRole("dialog", { name: "Booking Confirmed!" })).toBeVisible();
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).toMatch(/^[0-9a-f-]{36}$/);
  expect(keys[1]).not.toBe(keys[0]);
});
