// Flight-aware airport pickups: a customer books an LAX pickup with a flight (the dialog asks for airline and
// number and times the pickup half an hour after the scheduled landing); the admin sets a 45-minute delay on the
// embedded flight simulation; the follow job runs "as of" three hours before the landing (the development tools'
// job clock, so the test does not depend on the time of day); the chauffeur's phone and the customer's dashboard
// show the pickup 45 minutes later, with the flight's status.
import type { APIRequestContext } from "@playwright/test";
import { ADMIN, adminPage, apiSignIn, chauffeurShift, createVerifiedUser, expect, gotoWithStream, laDaysAhead, PHONE, staffMember, test, typeAddress } from "./fixtures";
import { expectNoA11yViolations } from "./a11y";

type QuoteFlight = { flightNumber: string; phase: string; delayMinutes: number; scheduledArrival: string; suggestedDate: string; suggestedTime: string };

const clock = (hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number);
  return `${((h! + 11) % 12) + 1}:${String(m).padStart(2, "0")} ${h! < 12 ? "AM" : "PM"}`;
};
const plus = (hhmm: string, minutes: number) => {
  const [h, m] = hhmm.split(":").map(Number);
  const t = h! * 60 + m! + minutes;
  return `${String(Math.floor(t / 60)).padStart(2, "0")}:${String(t % 60).padStart(2, "0")}`;
};

/** An American Airlines flight of the simulation landing at LAX on `date`, on time, with a pickup that day before 22:00. */
async function onTimeFlight(api: APIRequestContext, date: string): Promise<QuoteFlight> {
  const place = async (q: string) => ((await (await api.get(`/api/places/suggest?q=${encodeURIComponent(q)}`)).json()) as { suggestions: { placeId: string }[] }).suggestions[0]!.placeId;
  const [lax, hills] = [await place("LAX"), await place("Beverly Hills")];
  const { vehicles } = (await (await api.get("/api/vehicles")).json()) as { vehicles: { id: string }[] };
  // A random start: the specs running at the same time (and earlier runs on this server) use other flights.
  const start = 100 + Math.floor(Math.random() * 7000);
  for (let n = start; n < start + 60; n++) {
    const res = await api.post("/api/quotes", { data: { pickupPlaceId: lax, dropoffPlaceId: hills, vehicleTypeId: vehicles[0]!.id, passengers: 1, luggage: 0, date, time: "12:00", flightNumber: `AA${n}` } });
    if (res.status() !== 200) continue;
    const { flight } = (await res.json()) as { flight: QuoteFlight };
    if (flight.phase === "scheduled" && flight.delayMinutes === 0 && flight.suggestedDate === date && flight.suggestedTime < "22:00") return flight;
  }
  throw new Error("no on-time flight found");
}

test("a pickup at LAX follows its flight: a 45-minute delay moves it on the chauffeur's phone and the customer's dashboard", async ({ page, browser, request }) => {
  test.slow();
  const day = laDaysAhead(4);
  const customer = await createVerifiedUser(request, "Amelia Earhart");
  const driver = await staffMember(request, "chauffeur", "Beryl Markham");
  const flight = await onTimeFlight(request, day);
  const number = flight.flightNumber.replace(/^AA/, "");

  // The customer books in the dialog: LAX asks for the flight, the time follows the landing.
  await apiSignIn(page, customer.email, customer.password);
  await page.getByRole("banner").getByRole("button", { name: "Book Now" }).click();
  const dialog = page.getByRole("dialog", { name: "Reserve Your Experience" });
  await typeAddress(dialog, "Pickup", "LAX", "Los Angeles International Airport");
  await expect(dialog.getByRole("group", { name: "Arriving flight" })).toBeVisible();
  await typeAddress(dialog, "Dropoff", "Beverly Hills", /^Beverly Hills/);
  await dialog.getByLabel("Date").fill(day);
  await dialog.getByLabel("Airline").selectOption("AA");
  // A malformed number says so on the field, and no quote is asked for.
  await dialog.getByLabel("Flight number").fill("12345");
  await expect(dialog.getByText("Enter the flight as the airline code and number, e.g. AA100.")).toBeVisible();
  await dialog.getByLabel("Flight number").fill(number);
  const found = dialog.getByTestId("flight-found");
  await expect(found).toContainText(`${flight.flightNumber} from`);
  await expect(found).toContainText(`Pickup set to ${clock(flight.suggestedTime)}`);
  await expect(dialog.getByLabel("Time")).toHaveValue(flight.suggestedTime);
  await expect(dialog.getByRole("region", { name: "Your quote" }).getByTestId("quote-total")).toHaveText(/^\$\d/);
  await expectNoA11yViolations(page, { label: "booking dialog with a flight" });
  await page.screenshot({ path: test.info().outputPath("booking-dialog-flight.png") });
  await expect(dialog.getByTestId("card-select")).toContainText("Visa 4242");
  await dialog.getByRole("button", { name: "Confirm Booking" }).click();
  const confirmed = page.getByRole("dialog", { name: "Booking Confirmed!" });
  await expect(confirmed).toBeVisible();
  await confirmed.getByRole("button", { name: "Close" }).last().click();

  const { bookings } = (await (await page.request.get("/api/me/bookings")).json()) as { bookings: { id: string; details: { time: string } }[] };
  const booking = bookings[0]!;
  expect(booking.details.time).toBe(flight.suggestedTime);

  // The desk assigns the chauffeur (on shift that day).
  const admin = await browser.newContext();
  expect((await admin.request.post("/api/auth/sign-in/email", { data: ADMIN })).status()).toBe(200);
  const chauffeurId = await chauffeurShift(admin.request, driver.email, day);
  const assigned = await admin.request.put(`/api/admin/bookings/${booking.id}/assignment`, { data: { chauffeurId } });
  expect(assigned.status(), await assigned.text()).toBe(200);

  // The chauffeur's phone and the customer's dashboard, open and live.
  const phoneContext = await browser.newContext(PHONE);
  expect((await phoneContext.request.post("/api/auth/sign-in/email", { data: { email: driver.email, password: driver.password } })).status()).toBe(200);
  const phone = await phoneContext.newPage();
  await gotoWithStream(phone, "/staff/rides");
  const ride = phone.getByTestId("staff-ride").filter({ hasText: customer.fullName });
  await expect(ride).toContainText(clock(flight.suggestedTime));
  await expect(ride.getByTestId("flight-status")).toContainText(`Flight ${flight.flightNumber}`);
  await gotoWithStream(page, "/dashboard");
  const card = page.getByRole("list", { name: "Your bookings" }).getByRole("listitem").first();
  await expect(card).toContainText(clock(flight.suggestedTime));

  // The admin sets a 45-minute delay; the follow job looks at the flight three hours before the landing.
  const delay = await admin.request.put(`/api/admin/flights/${flight.flightNumber}/${day}`, { data: { delayMinutes: 45 } });
  expect(delay.status(), await delay.text()).toBe(200);
  const at = new Date(Date.parse(flight.scheduledArrival) - 3 * 3_600_000).toISOString();
  const ran = await admin.request.post("/api/dev/jobs/run", { data: { bookingId: booking.id, at } });
  expect(ran.status(), await ran.text()).toBe(200);
  const jobs = ((await ran.json()) as { jobs: { kind: string; status: string; result: string | null }[] }).jobs.filter((j) => j.kind === "flight.follow" && j.status === "done");
  expect(jobs.at(-1)?.result).toMatch(/pickup moved/);

  // Both screens follow without a reload: the new time, and the flight 45 minutes late.
  const moved = clock(plus(flight.suggestedTime, 45));
  await expect(ride).toContainText(moved);
  await expect(ride.getByTestId("flight-status")).toContainText("45 min late");
  await expect(ride.getByTestId("flight-status")).toContainText(`booked for ${clock(flight.suggestedTime)}`);
  await expectNoA11yViolations(phone, { label: "chauffeur's ride with a delayed flight" });
  await ride.scrollIntoViewIfNeeded();
  await phone.screenshot({ path: test.info().outputPath("chauffeur-390-delayed.png"), fullPage: true });
  await expect(card).toContainText(moved);
  await expect(card.getByTestId("flight-status")).toContainText("45 min late");
  await page.screenshot({ path: test.info().outputPath("customer-dashboard-delayed.png") });

  // The customer was told by e-mail.
  const mail = await admin.request.get(`/api/dev/mailbox?to=${encodeURIComponent(customer.email)}`);
  expect(JSON.stringify(await mail.json())).toContain("Your pickup has moved");
  await phoneContext.close();
  await admin.close();
});

test("a diverted flight: the desk's Dispatch Board says so with a toast, the customer is told, the pickup stays", async ({ page, browser, request }) => {
  test.slow();
  const day = laDaysAhead(5);
  const customer = await createVerifiedUser(request, "Jacqueline Cochran");
  const flight = await onTimeFlight(request, day);
  // The customer books the LAX pickup with the flight at the suggested time.
  await apiSignIn(page, customer.email, customer.password);
  const place = async (q: string) => {
    const res = await page.request.get(`/api/places/suggest?q=${encodeURIComponent(q)}&session=e2e-divert`);
    return ((await res.json()) as { suggestions: { placeId: string }[] }).suggestions[0]!.placeId;
  };
  const { vehicles } = (await (await page.request.get("/api/vehicles")).json()) as { vehicles: { id: string }[] };
  const quote = await page.request.post("/api/quotes", {
    data: { pickupPlaceId: await place("LAX"), dropoffPlaceId: await place("Beverly Hills"), vehicleTypeId: vehicles[0]!.id, passengers: 1, luggage: 0, date: flight.suggestedDate, time: flight.suggestedTime, flightNumber: flight.flightNumber },
  });
  expect(quote.status(), await quote.text()).toBe(200);
  const booked = await page.request.post("/api/bookings", { headers: { "Idempotency-Key": crypto.randomUUID() }, data: { service: "ride", paymentMethod: "pm_card_visa", quoteId: ((await quote.json()) as { quoteId: string }).quoteId } });
  expect(booked.status(), await booked.text()).toBe(201);
  const bookingId = ((await booked.json()) as { booking: { id: string } }).booking.id;

  // The desk has the Dispatch Board open on that day.
  const admin = await adminPage(browser);
  await gotoWithStream(admin, "/admin/dispatch");
  await admin.getByLabel("Day", { exact: true }).fill(day);
  const card = admin.getByTestId("dispatch-ride").filter({ hasText: customer.fullName });
  await expect(card).toContainText(clock(flight.suggestedTime));

  // The airline diverts the flight; the follow job looks two hours before the landing.
  const divert = await admin.request.put(`/api/admin/flights/${flight.flightNumber}/${day}`, { data: { delayMinutes: 0, diverted: true } });
  expect(divert.status(), await divert.text()).toBe(200);
  const at = new Date(Date.parse(flight.scheduledArrival) - 2 * 3_600_000).toISOString();
  const ran = await admin.request.post("/api/dev/jobs/run", { data: { bookingId, at } });
  expect(ran.status(), await ran.text()).toBe(200);

  await expect(admin.getByText("Flight Diverted")).toBeVisible();
  await expect(admin.getByText(`Flight ${flight.flightNumber} is diverted: call ${customer.fullName} about the pickup on`)).toBeVisible();
  await expect(card.getByTestId("flight-status")).toContainText("Diverted");
  await expect(card).toContainText(clock(flight.suggestedTime));
  await admin.screenshot({ path: test.info().outputPath("dispatch-diverted.png") });
  await admin.setViewportSize({ width: 390, height: 844 });
  await admin.screenshot({ path: test.info().outputPath("dispatch-diverted-390.png"), fullPage: true });

  // The customer is told by e-mail.
  const mail = await admin.request.get(`/api/dev/mailbox?to=${encodeURIComponent(customer.email)}`);
  expect(JSON.stringify(await mail.json())).toContain(`Flight ${flight.flightNumber} is diverted`);
  await admin.context().close();
});
