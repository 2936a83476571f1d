// The fleet: the admin's Fleet page (the demo's cars, Add Car, a status change), and a car sent with the chauffeur on
// the Dispatch Board: the board's capacity by hour and its warning when a shift change strands the sold ride; the
// chauffeur's phone and the customer's dashboard show the car (colour, model, plate).
import type { APIRequestContext } from "@playwright/test";
import { expectNoA11yViolations } from "./a11y";
import { ADMIN, adminPage, apiSignIn, createVerifiedUser, expect, laDaysAhead, signedInPhone, staffMember, test } from "./fixtures";

const suffix = () => Math.random().toString(36).slice(2, 6).toUpperCase();
/** Letters only (names refuse digits): "Qzkw". */
const nameSuffix = () => Array.from({ length: 4 }, (_, i) => String.fromCharCode((i ? 97 : 65) + Math.floor(Math.random() * 26))).join("");

async function bookRide(api: APIRequestContext, date: string, time: string) {
  const place = async (q: string) => {
    const res = await api.get(`/api/places/suggest?q=${encodeURIComponent(q)}&session=e2e-fleet`);
    const { suggestions } = (await res.json()) as { suggestions: { placeId: string }[] };
    return suggestions[0]!.placeId;
  };
  const { vehicles } = (await (await api.get("/api/vehicles")).json()) as { vehicles: { id: string; name: string }[] };
  const sedan = vehicles.find((v) => v.name === "Executive Sedan")!;
  const quote = await api.post("/api/quotes", { data: { pickupPlaceId: await place("LAX"), dropoffPlaceId: await place("Santa Monica"), vehicleTypeId: sedan.id, passengers: 1, luggage: 0, date, time } });
  expect(quote.status(), await quote.text()).toBe(200);
  const { quoteId } = (await quote.json()) as { quoteId: string };
  const res = await api.post("/api/bookings", { headers: { "Idempotency-Key": crypto.randomUUID() }, data: { service: "ride", paymentMethod: "pm_card_visa", quoteId } });
  expect(res.status()).toBe(201);
}

test("the admin's Fleet page lists the cars of each type, adds one and takes it out of service", async ({ page }) => {
  await apiSignIn(page, ADMIN.email, ADMIN.password);
  await page.goto("/admin/fleet");
  await expect(page.getByRole("heading", { name: "Fleet", level: 1 })).toBeVisible();
  const rows = page.getByTestId("unit-row").filter({ visible: true });
  await expect(rows.filter({ hasText: "8MER101" })).toContainText("Executive Sedan");
  await expect(rows.filter({ hasText: "8MER201" })).toContainText("Luxury SUV");

  const plate = `E2E${suffix()}`;
  await page.getByRole("button", { name: "Add Car" }).first().click();
  const dialog = page.getByRole("dialog", { name: "Add Car" });
  await dialog.getByRole("combobox", { name: "Vehicle Type" }).click();
  await page.getByRole("option", { name: "Stretch Limousine" }).click();
  await dialog.getByLabel("Plate").fill(plate.toLowerCase());
  await dialog.getByLabel("Colour").fill("");
  await dialog.getByRole("button", { name: "Add Car" }).click();
  await expect(dialog.getByText("Colour is required (at most 40 characters).")).toBeVisible();
  await dialog.getByLabel("Colour").fill("Champagne");
  await dialog.getByLabel("Year").fill("2024");
  await dialog.getByRole("button", { name: "Add Car" }).click();
  await expect(dialog).toBeHidden();
  const row = rows.filter({ hasText: plate });
  await expect(row).toContainText("Stretch Limousine");
  await expect(row).toContainText("Champagne");

  await row.getByRole("combobox", { name: `Status: ${plate}` }).click();
  await page.getByRole("option", { name: "Maintenance" }).click();
  await expect(row.getByRole("combobox", { name: `Status: ${plate}` })).toHaveText("Maintenance");
  await expectNoA11yViolations(page, { label: "fleet page" });
  await page.screenshot({ path: "test-results/fleet-page.png", fullPage: true });
});

test("dispatch sends a car with the chauffeur; a shift change that strands the ride is flagged; the chauffeur and the customer see the car", async ({ browser, page, request }) => {
  test.slow();
  // A day no other spec books, and a chauffeur of this test's own.
  const day = laDaysAhead(17);
  const customer = await createVerifiedUser(request, `Ottilie ${nameSuffix()}`);
  const driver = await staffMember(request, "chauffeur", `Nadia ${nameSuffix()}`);

  const admin = await adminPage(browser);
  const { staff } = (await (await admin.request.get("/api/admin/staff")).json()) as { staff: { id: string; email: string }[] };
  const staffId = staff.find((s) => s.email === driver.email)!.id;
  const shift = await admin.request.post("/api/admin/shifts", { data: { staffId, date: day, start: "08:00", end: "16:00", role: "chauffeur", location: "LAX" } });
  expect(shift.status()).toBe(201);

  await apiSignIn(page, customer.email, customer.password);
  await bookRide(page.request, day, "10:00");

  // The desk assigns the chauffeur and a car of the ride's type.
  await admin.goto("/admin/dispatch");
  await admin.getByLabel("Day", { exact: true }).fill(day);
  const card = admin.getByTestId("dispatch-ride").filter({ hasText: customer.fullName });
  await expect(card).toContainText("10:00 AM");
  await expect(admin.getByRole("table").filter({ hasText: "Rides sold" })).toBeVisible();
  await card.getByRole("combobox", { name: /^Chauffeur for/ }).click();
  await admin.getByRole("option", { name: driver.fullName }).click();
  await card.getByRole("combobox", { name: /^Car for/ }).click();
  const carOption = admin.getByRole("option", { name: /^8MER10\d · / }).first();
  const carText = (await carOption.textContent())!;
  const [plate, colour] = carText.split(" · ") as [string, string];
  await carOption.click();
  await card.getByRole("button", { name: "Assign" }).click();
  await expect(card).toContainText(`${driver.fullName} · ${colour} Executive Sedan · ${plate}`);

  // The booking's detail on the desk names the car too.
  await admin.goto("/admin/bookings");
  await admin.getByLabel("Search bookings").fill(customer.fullName);
  const bookingRows = admin.getByRole("table", { name: "Bookings" }).locator("tbody tr");
  await expect(bookingRows).toHaveCount(1);
  await bookingRows.first().getByRole("button", { name: /View booking/ }).click();
  const detail = admin.getByRole("dialog", { name: "Booking Details" });
  await expect(detail.getByTestId("booking-car")).toHaveText(`${colour} Executive Sedan · ${plate}`);
  await detail.screenshot({ path: "test-results/booking-detail-car.png" });
  await detail.getByRole("button", { name: "Close" }).click();

  // Removing the chauffeur's shift on the Staff page first says what it would strand; the admin keeps it.
  await admin.goto("/admin/staff");
  await admin.getByRole("tab", { name: "Shifts" }).click();
  const theirShift = admin.getByRole("row").filter({ hasText: driver.fullName }).getByTestId("shift");
  for (let i = 0; i < 5 && !(await theirShift.count()); i++) {
    await admin.getByRole("button", { name: "Next week" }).click();
    await admin.waitForTimeout(300);
  }
  await theirShift.hover();
  await theirShift.getByRole("button", { name: `Remove ${driver.fullName}'s shift 8:00 AM` }).click();
  const ask = admin.getByRole("alertdialog", { name: "Remove this shift?" });
  await expect(ask.getByTestId("shift-impact")).toContainText(`${driver.fullName}'s 10:00 AM ride`);
  await expect(ask.getByTestId("shift-impact")).toContainText("would have no shift. Reassign it first.");
  await expectNoA11yViolations(admin, { label: "remove shift question" });
  await ask.screenshot({ path: "test-results/shift-impact.png" });
  await ask.getByRole("button", { name: "Keep Shift" }).click();
  await expect(theirShift).toHaveCount(1);

  // A shift change: the chauffeur now stops at 10:30, during the ride (10:00 until past 10:30 with the buffer).
  const { shifts } = (await (await admin.request.get(`/api/admin/shifts?from=${day}&days=1`)).json()) as { shifts: { id: string; staffId: string }[] };
  expect((await admin.request.delete(`/api/admin/shifts/${shifts.find((s) => s.staffId === staffId)!.id}`)).status()).toBe(204);
  expect((await admin.request.post("/api/admin/shifts", { data: { staffId, date: day, start: "08:00", end: "10:30", role: "chauffeur", location: "LAX" } })).status()).toBe(201);
  await admin.goto("/admin/dispatch");
  await admin.getByLabel("Day", { exact: true }).fill(day);
  const warning = admin.getByTestId("shift-warning").filter({ hasText: driver.fullName });
  await expect(warning).toContainText(`${driver.fullName}'s shift ends at 10:30 AM, during their 10:00 AM ride`);
  await expectNoA11yViolations(admin, { label: "dispatch board with capacity" });
  await admin.getByTestId("shift-warnings").screenshot({ path: "test-results/dispatch-warnings.png" });
  await admin.getByTestId("capacity").screenshot({ path: "test-results/dispatch-capacity.png" });

  // The chauffeur's phone and the customer's dashboard show the car.
  const phone = await signedInPhone(browser, driver);
  await phone.page.goto("/staff/rides");
  await expect(phone.page.getByTestId("staff-ride").filter({ hasText: customer.fullName }).getByTestId("ride-car")).toHaveText(`${colour} Executive Sedan · ${plate}`);
  await expectNoA11yViolations(phone.page, { label: "chauffeur's ride with the car" });
  await phone.page.screenshot({ path: "test-results/staff-ride-car.png" });
  await page.goto("/dashboard");
  await expect(page.getByRole("list", { name: "Your bookings" }).getByTestId("ride-car")).toContainText(`${colour} Executive Sedan · ${plate}`);
  await phone.context.close();
  await admin.context().close();
});
