// Issue 26, "a sold-out hour offers three times": the spec makes its own scarcity. The admin adds a vehicle type (a
// rate card, a tier, one car); a first customer books its only car at 2:00 PM; a second customer asking for the same
// time is told every car of this type is booked, with three nearby times as buttons; a tap quotes that time and
// prices it. The new type is offered to every customer while the test runs (hence settings-*: it runs alone), and
// it is retired at the end.
import type { APIRequestContext } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y";
import { ADMIN, createVerifiedUser, expect, laDaysAhead, signedInCustomer, test, typeAddress } from "./fixtures";

const SOLD_OUT = "Every car of this type is booked at this time.";
/** Letters only: "Qzkw". */
const letters = () => Array.from({ length: 4 }, (_, i) => String.fromCharCode((i ? 97 : 65) + Math.floor(Math.random() * 26))).join("");

async function place(api: APIRequestContext, q: string) {
  const res = await api.get(`/api/places/suggest?q=${encodeURIComponent(q)}&session=e2e-sold-out`);
  return ((await res.json()) as { suggestions: { placeId: string }[] }).suggestions[0]!.placeId;
}

test("a sold-out hour offers three times: the second customer picks one and gets a price", async ({ browser, page, request }) => {
  test.slow();
  const day = laDaysAhead(6);
  const name = `Vintage Phantom ${letters()}`;

  // The admin adds the type (after the demo's in the dialog's list: six seats, six bags), prices it, and one car.
  const adminContext = await browser.newContext();
  const admin = adminContext.request;
  expect((await admin.post("/api/auth/sign-in/email", { data: ADMIN })).status()).toBe(200);
  const created = await admin.post("/api/admin/vehicles", { data: { name, baseFeeUsd: 180, passengerCapacity: 6, luggageCapacity: 6, active: true } });
  expect(created.status(), await created.text()).toBe(201);
  const vehicleId = ((await created.json()) as { vehicle: { id: string } }).vehicle.id;
  try {
    // Priced either way the company quotes (miles and minutes, or fixed tiers).
    expect((await admin.put(`/api/admin/pricing/rate-cards/${vehicleId}`, { data: { perMileUsd: 6.5, perMinuteUsd: 1.9, active: true } })).status()).toBe(200);
    expect((await admin.post("/api/admin/pricing/tiers", { data: { vehicleTypeId: vehicleId, milesMin: 0, milesMax: 200, priceUsd: 420, active: true } })).status()).toBe(201);
    const car = await admin.post("/api/admin/fleet/units", { data: { vehicleTypeId: vehicleId, plate: `VP${letters().toUpperCase()}`, colour: "Royal Blue", year: 2024 } });
    expect(car.status(), await car.text()).toBe(201);

    // The first customer books that car at 2:00 PM.
    const first = await browser.newContext();
    const firstCustomer = await createVerifiedUser(first.request, "Cornelia Ashby");
    expect((await first.request.post("/api/auth/sign-in/email", { data: { email: firstCustomer.email, password: firstCustomer.password } })).status()).toBe(200);
    const trip = { pickupPlaceId: await place(first.request, "Santa Monica Pier"), dropoffPlaceId: await place(first.request, "Beverly Hills"), vehicleTypeId: vehicleId, passengers: 2, luggage: 1, date: day, time: "14:00" };
    const quote = await first.request.post("/api/quotes", { data: trip });
    expect(quote.status(), await quote.text()).toBe(200);
    const booked = await first.request.post("/api/bookings", {
      headers: { "Idempotency-Key": crypto.randomUUID() },
      data: { service: "ride", paymentMethod: "pm_card_visa", quoteId: ((await quote.json()) as { quoteId: string }).quoteId },
    });
    expect(booked.status(), await booked.text()).toBe(201);
    await first.close();

    // The second customer asks for the same time in the booking dialog.
    await signedInCustomer(page, request, "Benedict Harrow");
    await page.getByRole("banner").getByRole("button", { name: "Book Now" }).click();
    const dialog = page.getByRole("dialog", { name: "Reserve Your Experience" });
    await typeAddress(dialog, "Pickup", "Santa Monica Pier", /Santa Monica Pier/);
    await typeAddress(dialog, "Dropoff", "Beverly Hills", /^Beverly Hills/);
    await dialog.getByLabel("Date").fill(day);
    await dialog.getByLabel("Time").selectOption("14:00");
    await dialog.getByLabel("Passengers").fill("2");
    await dialog.getByTestId("vehicle-select").click();
    await page.getByRole("option", { name }).click();
    await expect(dialog.getByTestId("vehicle-select")).toHaveText(name);

    const refusal = dialog.getByTestId("unavailable-times");
    await expect(refusal).toContainText(SOLD_OUT);
    const times = refusal.getByRole("group", { name: "Available times" }).getByRole("button");
    await expect(times).toHaveCount(3);
    const offered = await times.allTextContents();
    for (const t of offered) expect(t).toMatch(/^\d{1,2}:\d{2} [AP]M$/);
    expect(offered).not.toContain("2:00 PM");
    // The times take the quote panel's place: nothing claims the trip cannot be priced (only this time is sold out).
    await expect(dialog.getByText(/We could not price this trip/)).toHaveCount(0);
    await expect(dialog.getByText(/to see your fare/)).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Confirm Booking" })).toBeDisabled();
    await expectNoA11yViolations(page, { include: dialog, label: "booking dialog, a sold-out hour" });
    // Screenshots with the times in the middle of the dialog (clear of its sticky footer).
    const centre = () => refusal.evaluate((el) => el.scrollIntoView({ block: "center" }));
    await centre();
    await page.screenshot({ path: test.info().outputPath("sold-out-desktop.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await centre();
    await expectNoA11yViolations(page, { include: dialog, label: "booking dialog at 390 px, a sold-out hour" });
    await page.screenshot({ path: test.info().outputPath("sold-out-390.png") });

    // A tap on a time quotes it: a price, and the booking can be confirmed.
    const [picked] = offered;
    await times.filter({ hasText: picked! }).click();
    await expect(dialog.getByRole("region", { name: "Your quote" }).getByTestId("quote-total")).toHaveText(/^\$\d[\d,]*\.\d{2}$/);
    await expect(refusal).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Confirm Booking" })).toBeEnabled();
    await page.screenshot({ path: test.info().outputPath("sold-out-picked-390.png") });
  } finally {
    // Retired: no other spec sees the type afterwards.
    expect((await admin.patch(`/api/admin/vehicles/${vehicleId}`, { data: { active: false } })).status()).toBe(200);
    await adminContext.close();
  }
});
