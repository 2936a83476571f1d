// @vitest-environment happy-dom
// The desk's New Booking for a caller: a ride whose time was sold while the desk was on the phone (409 unavailable)
// shows the server's sentence and the nearest times under the form, quotes again, and a time picked books; no
// generic "Could not create the booking".
import { within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { bookingTimesQueryOptions } from "@/features/bookings/api/get-booking-times";
import { renderApp, serveApi, sessionOf } from "@/test/render";
import { NewBookingDialog } from "./new-booking-dialog";

// 9:50 in Los Angeles on 2030-03-12, two hours' notice: noon is the earliest ride.
const BOOKING_TIMES = { timeZone: "America/Los_Angeles", rideNoticeHours: 2, valetNoticeHours: 24, stepMinutes: 15, now: "2030-03-12T16:50:00.000Z" };
const SEDAN = { id: "00000000-0000-4000-8000-000000000001", name: "Executive Sedan", baseFeeUsd: 95, passengerCapacity: 3, luggageCapacity: 3 };
const place = (placeId: string, name: string) => ({ placeId, name, address: `${name}, CA`, lat: 34, lng: -118.4, precision: "venue", components: [] });
const PLACES = [place("sm", "Santa Monica Pier"), place("bh", "Beverly Hills Hotel")];
const SOLD_OUT = "Every car of this type is booked at this time.";
const unavailable = {
  status: 409,
  json: { error: { code: "unavailable", message: SOLD_OUT, alternatives: ["12:45", "13:00", "13:15"].map((time) => ({ date: "2030-03-12", time })) } },
};

function setup() {
  let sold = false;
  let n = 0;
  const calls = serveApi({
    "GET /api/auth/get-session": { json: sessionOf("dispatcher") },
    "GET /api/booking-times": { json: BOOKING_TIMES },
    "GET /api/vehicles": { json: { vehicles: [SEDAN] } },
    "GET /api/places/suggest": (_b, url) => {
      const q = url.searchParams.get("q")?.toLowerCase() ?? "";
      return { json: { suggestions: PLACES.filter((p) => p.name.toLowerCase().includes(q)).map((p) => ({ placeId: p.placeId, primary: p.name, secondary: p.address })) } };
    },
    ...Object.fromEntries(PLACES.map((p) => [`GET /api/places/${p.placeId}`, { json: p }])),
    "POST /api/quotes": (body) => {
      const b = body as { time: string };
      if (sold && b.time === "12:00") return unavailable;
      const quote = { method: "distance", vehicleTypeId: SEDAN.id, vehicleName: SEDAN.name, miles: 12.4, minutes: 31, lines: [{ label: "Base fare", amountUsd: 95 }], totalUsd: 95, currency: "USD" };
      return { json: { quoteId: `q-${++n}`, expiresAt: "2030-03-12T17:15:00.000Z", quote, pickup: PLACES[0], dropoff: PLACES[1] } };
    },
    "POST /api/admin/bookings": () => ((sold = true), unavailable),
  });
  const app = renderApp(<NewBookingDialog open onOpenChange={vi.fn()} />, { seed: (client) => client.setQueryData(bookingTimesQueryOptions.queryKey, BOOKING_TIMES) });
  return { ...app, calls };
}

describe("New Booking for a caller", () => {
  it("a time sold while the desk books: the sentence and the nearest times, a fresh quote, no generic failure", async () => {
    const app = setup();
    const dialog = await app.screen.findByRole("dialog", { name: "New Booking" });
    const d = within(dialog);
    await app.user.click(d.getByRole("tab", { name: "New Customer" }));
    await app.user.type(d.getByLabelText("Full name"), "Cornelius Vane");
    await app.user.type(d.getByLabelText("Phone"), "+1 310 555 0199");
    for (const [label, text, option] of [
      ["Pickup", "Santa", /Santa Monica Pier/],
      ["Dropoff", "Beverly", /Beverly Hills Hotel/],
    ] as const) {
      await app.user.type(d.getByRole("combobox", { name: label }), text);
      await app.user.click(await app.screen.findByRole("option", { name: option }, { timeout: 5000 }));
      await d.findByRole("group", { name: label }, { timeout: 5000 });
    }
    const book = d.getByRole("button", { name: "Book & Send Payment Link" });
    await vi.waitFor(() => expect(book.hasAttribute("disabled")).toBe(false), { timeout: 5000 });
    const quotesBefore = app.calls.filter((c) => c.path === "/api/quotes").length;
    await app.user.click(book);

    const refusal = await d.findByTestId("unavailable-times", {}, { timeout: 5000 });
    expect(refusal.textContent).toContain(SOLD_OUT);
    expect(within(refusal).getAllByRole("button").map((b) => b.textContent)).toEqual(["12:45 PM", "1:00 PM", "1:15 PM"]);
    await vi.waitFor(() => expect(app.calls.filter((c) => c.path === "/api/quotes").length).toBeGreaterThan(quotesBefore));
    expect(app.screen.queryByText("Could not create the booking")).toBeNull();

    await app.user.click(within(refusal).getByRole("button", { name: "1:00 PM" }));
    expect(await d.findByTestId("quote-total", {}, { timeout: 5000 })).toBeTruthy();
    await vi.waitFor(() => expect(book.hasAttribute("disabled")).toBe(false));
  });
});
