// The valet check-in picker on the attendant's phone (390 px): an admin lowers the valet booking notice in Settings
// (through the API) so a customer can book event valet for today at a stand's venue; the attendant types that
// stand, sees the booking in "Today's events here" with its hours as people read them ("6:00 PM – 11:00 PM"),
// checks a car in linked to it, and the count of cars in follows every check-in (theirs, and another attendant's
// seen on the live stream) without a reload. Whatever the hour, the operations clock is set to a time zone where it
// is daytime (an event booked for today must end today), with no notice; both are put back at the end (the spec runs
// alone: playwright.config.ts, SERVER_WIDE).
import type { APIRequestContext, Locator } from "@playwright/test";
import { earliestBookable, type BookingTimesResponse } from "@meridian/shared/booking-time";
import { formatClockRange } from "@meridian/shared/valet-pricing";
import { minutesOfDay, wallClock } from "@meridian/shared/zoned-time";
import { ADMIN, createVerifiedUser, expect, fillIn, signedInPhone, staffMember, test } from "./fixtures";

const VENUE = "Beverly Hills Hotel";
const letters = () => Array.from(Date.now().toString(36) + Math.random().toString(36).slice(2, 5), (c) => String.fromCharCode(97 + (parseInt(c, 36) % 26))).join("");
const hhmm = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Zones around the world: at any hour it is between 06:00 and 20:00 in at least one of them. */
const ZONES = ["America/Los_Angeles", "America/New_York", "Europe/London", "Asia/Kolkata", "Asia/Tokyo", "Australia/Sydney", "Pacific/Honolulu"];
const daytimeZone = () =>
  ZONES.find((timeZone) => {
    const hour = Number(new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", hourCycle: "h23" }).format(new Date()));
    return hour >= 6 && hour < 20;
  })!;

/** Changes the operations settings; answers them as they were. */
async function setOperations(admin: APIRequestContext, change: Record<string, unknown>) {
  const { operations } = (await (await admin.get("/api/admin/settings")).json()) as { operations: Record<string, unknown> };
  const res = await admin.put("/api/admin/settings", { data: { ...operations, ...change } });
  expect(res.status(), await res.text()).toBe(200);
  return operations;
}

test("the attendant finds today's event valet booking in the check-in picker and checks a car in linked to it (390 px)", async ({ browser, request }) => {
  test.slow();
  const customerName = `Celeste ${letters()}`;
  const customer = await createVerifiedUser(request, customerName);
  // Each person's own API context (a context that signed someone out still carries cookies a sign-up refuses).
  const [staffContext, otherStaffContext] = [await browser.newContext(), await browser.newContext()];
  const attendant = await staffMember(staffContext.request, "valet", "Vera Stand");
  const other = await staffMember(otherStaffContext.request, "valet", "Omar Stand");
  const customerContext = await browser.newContext();
  const buyer = customerContext.request;
  expect((await buyer.post("/api/auth/sign-in/email", { data: { email: customer.email, password: customer.password } })).status()).toBe(200);
  const adminContext = await browser.newContext();
  const admin = adminContext.request;
  expect((await admin.post("/api/auth/sign-in/email", { data: ADMIN })).status()).toBe(200);

  const suggest = await buyer.get(`/api/places/suggest?q=${encodeURIComponent(VENUE)}&session=e2e-picker`);
  const placeId = ((await suggest.json()) as { suggestions: { placeId: string }[] }).suggestions[0]!.placeId;

  // ---- The operations clock in a zone where it is daytime, no valet notice; the customer books event valet for
  // today's next slot there, an hour long.
  const original = await setOperations(admin, { timeZone: daytimeZone(), valetNoticeHours: 0 });
  try {
    const times = (await (await buyer.get("/api/booking-times")).json()) as BookingTimesResponse;
    const now = new Date(times.now);
    const today = wallClock(now, times.timeZone).date;
    const first = earliestBookable("valet", times, now);
    expect(first.date).toBe(today);
    const start = minutesOfDay(first.time)!;
    const startTime = hhmm(start);
    const endTime = hhmm(start + 60);
    const quote = await buyer.post("/api/valet/quotes", {
      data: { customerName, eventType: "Wedding", date: today, startTime, endTime, eventPlaceId: placeId, expectedVehicles: 40, notes: "" },
    });
    expect(quote.status(), await quote.text()).toBe(200);
    const { quoteId } = (await quote.json()) as { quoteId: string };
    const res = await buyer.post("/api/bookings", { data: { service: "valet", quoteId, paymentMethod: "pm_card_visa" }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(res.status(), await res.text()).toBe(201);
    const bookingId = ((await res.json()) as { booking: { id: string } }).booking.id;
    const event = { bookingId, startTime, endTime };

    // ---- The attendant, at the venue's stand, sees it in the picker: hours as people read them, no car in yet.
    const staff = await signedInPhone(browser, attendant);
    const sp = staff.page;
    await sp.goto("/staff/valet/check-in");
    await sp.getByLabel("Stand", { exact: true }).fill(VENUE);
    const picker = sp.getByRole("radiogroup", { name: "Today's events here" });
    const choice = picker.getByRole("radio").filter({ hasText: customerName });
    await expect(choice).toContainText(`${customerName} · Wedding`);
    await expect(choice).toContainText(`${formatClockRange(event.startTime, event.endTime)} · 0 of 40 cars in`);
    await expect(choice).not.toContainText(`${event.startTime}–`);
    await expect(picker.getByRole("radio", { name: "Walk-up (no booking)" })).toHaveAttribute("aria-checked", "true");
    await sp.screenshot({ path: "test-results/valet-picker-390.png", fullPage: true });

    // ---- They check a car in linked to it.
    const digits = `424555${String(Date.now()).slice(-4)}`;
    await fillIn(sp, { "Mobile number": digits, Plate: `8P${letters().slice(0, 5).toUpperCase()}`, "Key tag": `K-${letters().slice(0, 4).toUpperCase()}`, Make: "Bentley", Model: "Continental", Colour: "Silver" });
    await choice.click();
    await expect(choice).toHaveAttribute("aria-checked", "true");
    await choice.scrollIntoViewIfNeeded();
    await sp.screenshot({ path: "test-results/valet-picker-picked-390.png" });
    await sp.getByRole("button", { name: "Check In Car" }).click();
    await expect(sp.getByText("Car Checked In")).toBeVisible();
    await expect(sp.getByTestId("ticket-code")).toHaveText(/^MRD-/);
    // The toast never covers the staff header: the name and role, and the valet screen's tabs the next tap goes to.
    await sp.evaluate(() => window.scrollTo(0, 0));
    const toast = sp.locator("[data-sonner-toast]").filter({ hasText: "Car Checked In" });
    const apart = async (part: Locator) => {
      const [a, b] = [await toast.boundingBox(), await part.boundingBox()];
      return !!a && !!b && (a.y >= b.y + b.height || a.y + a.height <= b.y);
    };
    await expect.poll(() => apart(sp.getByTestId("staff-identity")), { message: "the toast clears the staff member's name" }).toBe(true);
    await expect.poll(() => apart(sp.getByRole("navigation", { name: "Valet" })), { message: "the toast clears the valet tabs" }).toBe(true);
    await sp.screenshot({ path: "test-results/valet-checked-in-toast-390.png" });

    // The next car: the picker counts the one just checked in (not the list fetched before it).
    await sp.getByRole("button", { name: "Check In Another Car" }).click();
    await expect(choice).toContainText("1 of 40 cars in");
    await expect(choice).toHaveAttribute("aria-checked", "true");

    // Another attendant checks a car in for the same event: the count follows on the live stream, no reload.
    const otherContext = await browser.newContext();
    expect((await otherContext.request.post("/api/auth/sign-in/email", { data: { email: other.email, password: other.password } })).status()).toBe(200);
    const second = await otherContext.request.post("/api/valet/tickets", {
      data: { guestPhone: `+1424556${String(Date.now()).slice(-4)}`, plate: "9SECOND", make: "Rolls-Royce", model: "Ghost", colour: "White", keyTag: "K-2ND", stand: VENUE, bookingId: event.bookingId },
    });
    expect(second.status(), await second.text()).toBe(201);
    await expect(choice).toContainText("2 of 40 cars in");
    await choice.scrollIntoViewIfNeeded();
    await sp.screenshot({ path: "test-results/valet-picker-live-390.png" });
    await otherContext.close();
  } finally {
    await setOperations(admin, { timeZone: original.timeZone, valetNoticeHours: original.valetNoticeHours });
  }
  await Promise.all([customerContext.close(), adminContext.close(), staffContext.close(), otherStaffContext.close()]);
});
