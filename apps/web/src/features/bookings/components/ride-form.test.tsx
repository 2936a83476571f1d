// @vitest-environment happy-dom
// The ride form on react-hook-form + the shared makeRideFormSchema: the spec's defaults, each field's message
// (the server's words), the quote asked with the form's values, and the quote's answer about the flight under its field.
import { fireEvent, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { bookingTimesQueryOptions } from "../api/get-booking-times";
import { apiError, renderApp, serveApi, sessionOf, type Routes } from "@/test/render";
import { RideForm } from "./ride-form";

// The server's clock: 9:50 in Los Angeles on 2030-03-12 (a Tuesday), two hours' notice for a ride: noon is the earliest.
const NOW = "2030-03-12T16:50:00.000Z";
const BOOKING_TIMES = { timeZone: "America/Los_Angeles", rideNoticeHours: 2, valetNoticeHours: 24, stepMinutes: 15, now: NOW };
const VEHICLES = [
  { id: "00000000-0000-4000-8000-000000000001", name: "Executive Sedan", baseFeeUsd: 95, passengerCapacity: 3, luggageCapacity: 3 },
  { id: "00000000-0000-4000-8000-000000000002", name: "Luxury SUV", baseFeeUsd: 140, passengerCapacity: 6, luggageCapacity: 6 },
];
const place = (placeId: string, name: string, precision = "venue") => ({ placeId, name, address: `${name}, CA`, lat: 34, lng: -118.4, precision, components: [] });
const PLACES: Record<string, ReturnType<typeof place>> = {
  lax: place("lax", "Los Angeles International Airport", "airport"),
  bh: place("bh", "Beverly Hills Hotel"),
  sm: place("sm", "Santa Monica Pier"),
};

function setup(routes: Routes = {}) {
  const calls = serveApi({
    "GET /api/auth/get-session": { json: null },
    "GET /api/booking-times": { json: BOOKING_TIMES },
    "GET /api/payments/config": { json: { provider: "embedded", publishableKey: null } },
    "GET /api/places/suggest": (_b, url) => {
      const q = url.searchParams.get("q")?.toLowerCase() ?? "";
      const hits = Object.values(PLACES).filter((p) => p.name.toLowerCase().includes(q) || p.placeId === q);
      return { json: { suggestions: hits.map((p) => ({ placeId: p.placeId, primary: p.name, secondary: p.address })) } };
    },
    ...Object.fromEntries(Object.values(PLACES).map((p) => [`GET /api/places/${p.placeId}`, { json: p }])),
    "POST /api/quotes": (body) => {
      const b = body as { vehicleTypeId: string; flightNumber?: string };
      if (b.flightNumber) return apiError(422, "flight_not_found", "We could not find this flight.", { flightNumber: `No flight ${b.flightNumber} lands at LAX that day.` });
      const vehicle = VEHICLES.find((v) => v.id === b.vehicleTypeId)!;
      const quote = { method: "miles_minutes", vehicleTypeId: vehicle.id, vehicleName: vehicle.name, miles: 12.4, minutes: 31, lines: [{ kind: "base", label: "Base fare", amountUsd: 95 }], totalUsd: 95, currency: "USD" };
      return { json: { quoteId: "q1", expiresAt: "2030-03-12T17:15:00.000Z", quote, pickup: PLACES.lax, dropoff: PLACES.bh } };
    },
    ...routes,
  });
  const app = renderApp(
    <RideForm vehicles={VEHICLES} vehiclesLoading={false} idempotencyKey="k1" renewIdempotencyKey={vi.fn()} onConfirmed={vi.fn()} />,
    // The server's clock is known when the dialog opens (as once the home page has asked for it).
    { seed: (client) => client.setQueryData(bookingTimesQueryOptions.queryKey, BOOKING_TIMES) },
  );
  return { ...app, calls };
}

/** Picks a place, and waits for the chip with focus on its Change button (a field typed in right after would lose focus to it). */
async function pick(app: ReturnType<typeof setup>, label: string, text: string, option: RegExp) {
  await app.user.type(app.screen.getByRole("combobox", { name: label }), text);
  await app.user.click(await app.screen.findByRole("option", { name: option }, { timeout: 5000 }));
  const chip = await app.screen.findByRole("group", { name: label }, { timeout: 5000 });
  await vi.waitFor(() => expect(chip.contains(document.activeElement)).toBe(true));
}

/** Types `text` over what the field holds. */
async function retype(app: ReturnType<typeof setup>, label: string, text: string) {
  const input = app.screen.getByLabelText(label);
  await app.user.clear(input);
  await app.user.type(input, text);
  return input;
}

const quoteCalls = (calls: ReturnType<typeof setup>["calls"]) => calls.filter((c) => c.path === "/api/quotes");

// A sold-out noon (issue 26): the server's 409 unavailable, its sentence and the three nearest times it can serve.
const SOLD_OUT = "Every car of this type is booked at this time.";
const unavailable = () => ({
  status: 409,
  json: { error: { code: "unavailable", message: SOLD_OUT, alternatives: ["12:45", "13:00", "13:15"].map((time) => ({ date: "2030-03-12", time })) } },
});
/** The fake server's quote for a body, under `quoteId`. */
function priced(body: unknown, quoteId: string) {
  const b = body as { vehicleTypeId: string };
  const vehicle = VEHICLES.find((v) => v.id === b.vehicleTypeId)!;
  const quote = { method: "miles_minutes", vehicleTypeId: vehicle.id, vehicleName: vehicle.name, miles: 12.4, minutes: 31, lines: [{ kind: "base", label: "Base fare", amountUsd: 95 }], totalUsd: 95, currency: "USD" };
  return { json: { quoteId, expiresAt: "2030-03-12T17:15:00.000Z", quote, pickup: PLACES.sm, dropoff: PLACES.bh } };
}
const timeOf = (body: unknown) => (body as { time: string }).time;
const alternativeButtons = (app: ReturnType<typeof setup>) =>
  within(app.screen.getByRole("group", { name: "Available times" }))
    .getAllByRole("button")
    .map((b) => b.textContent);

describe("RideForm", () => {
  it("opens on the spec's defaults: noon on the first bookable day, one passenger, no luggage", async () => {
    const app = setup();
    await vi.waitFor(() => expect((app.screen.getByLabelText("Date") as HTMLInputElement).value).toBe("2030-03-12"));
    expect((app.screen.getByLabelText("Time") as HTMLSelectElement).value).toBe("12:00");
    expect((app.screen.getByLabelText("Passengers") as HTMLInputElement).value).toBe("1");
    expect((app.screen.getByLabelText("Luggage") as HTMLInputElement).value).toBe("0");
    expect(app.screen.getByRole("button", { name: "Confirm Booking" }).hasAttribute("disabled")).toBe(true);
  });

  it("quotes the trip with the form's values once both addresses are chosen", async () => {
    const app = setup();
    await pick(app, "Pickup", "Santa", /Santa Monica Pier/);
    await pick(app, "Dropoff", "Beverly", /Beverly Hills Hotel/);
    await retype(app, "Passengers", "2");
    expect(await app.screen.findByTestId("quote-total", {}, { timeout: 5000 })).toBeTruthy();
    await vi.waitFor(() => expect(quoteCalls(app.calls).at(-1)?.body).toMatchObject({ pickupPlaceId: "sm", dropoffPlaceId: "bh", passengers: 2, luggage: 0, date: "2030-03-12", time: "12:00" }));
    await vi.waitFor(() => expect(app.screen.getByRole("button", { name: "Confirm Booking" }).hasAttribute("disabled")).toBe(false));
  });

  it("a pick moves focus to the chip's Change button, unless the customer moved on to another field while the place loaded", async () => {
    let arrive!: () => void;
    const loaded = new Promise<void>((resolve) => (arrive = resolve));
    const app = setup({ "GET /api/places/bh": async () => (await loaded, { json: PLACES.bh }) });
    await pick(app, "Pickup", "Santa", /Santa Monica Pier/);
    expect(document.activeElement?.textContent).toMatch(/Change/);

    await app.user.type(app.screen.getByRole("combobox", { name: "Dropoff" }), "Beverly");
    await app.user.click(await app.screen.findByRole("option", { name: /Beverly Hills Hotel/ }, { timeout: 5000 }));
    const passengers = app.screen.getByLabelText("Passengers") as HTMLInputElement;
    await app.user.clear(passengers); // on to the next field while the hotel loads
    arrive();
    await app.screen.findByRole("group", { name: "Dropoff" }, { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 50)); // the chip's effects have run
    expect(document.activeElement).toBe(passengers);
    await app.user.type(passengers, "2");
    expect(passengers.value).toBe("2");
  });

  it("refuses a negative party at the field with the server's words, and no quote is asked", async () => {
    const app = setup();
    await pick(app, "Pickup", "Santa", /Santa Monica Pier/);
    await pick(app, "Dropoff", "Beverly", /Beverly Hills Hotel/);
    const passengers = await retype(app, "Passengers", "-3");
    expect(await app.screen.findByText("Passengers must be a whole number of at least 1.")).toBeTruthy();
    expect(passengers.getAttribute("aria-invalid")).toBe("true");
    expect(quoteCalls(app.calls).some((c) => (c.body as { passengers: number }).passengers !== 1)).toBe(false);
  });

  it("refuses fractional luggage", async () => {
    const app = setup();
    await retype(app, "Luggage", "1.5");
    expect(await app.screen.findByText("Luggage must be a whole number of at least 0.")).toBeTruthy();
  });

  it("turns an emptied party field back into the default when it is left", async () => {
    const app = setup();
    const passengers = app.screen.getByLabelText("Passengers") as HTMLInputElement;
    await app.user.clear(passengers);
    await app.user.tab();
    await vi.waitFor(() => expect(passengers.value).toBe("1"));
    expect(app.screen.queryByText(/Passengers must be/)).toBeNull();
  });

  it("says a past date cannot be booked, with the earliest bookable time", async () => {
    const app = setup();
    const date = app.screen.getByLabelText("Date");
    fireEvent.change(date, { target: { value: "2030-03-01" } });
    expect(await app.screen.findByText("Date cannot be before today. The earliest bookable time is Tue, Mar 12 at 12:00 PM.")).toBeTruthy();
    expect(date.getAttribute("aria-invalid")).toBe("true");
  });

  it("explains when no vehicle seats the party, says Capacity Issue, asks no quote and keeps Confirm disabled", async () => {
    const app = setup();
    await pick(app, "Pickup", "Santa", /Santa Monica Pier/);
    await pick(app, "Dropoff", "Beverly", /Beverly Hills Hotel/);
    await retype(app, "Passengers", "9");
    await vi.waitFor(() => expect(document.getElementById("ride-capacity")?.textContent).toBe("No vehicle meets the required capacity. Our largest vehicle seats 6 passengers."));
    expect(await app.screen.findByText("Capacity Issue")).toBeTruthy();
    expect(app.screen.getByTestId("vehicle-select").textContent).toContain("No vehicles available for this capacity");
    expect(quoteCalls(app.calls).some((c) => (c.body as { passengers: number }).passengers === 9)).toBe(false);
    expect(app.screen.getByRole("button", { name: "Confirm Booking" }).hasAttribute("disabled")).toBe(true);
  });

  it("asks an airport pickup for its flight, checks the number, and shows the quote's answer under it", async () => {
    const app = setup();
    await pick(app, "Pickup", "Los Angeles", /Los Angeles International Airport/);
    await pick(app, "Dropoff", "Beverly", /Beverly Hills Hotel/);
    const flight = within(app.screen.getByRole("group", { name: /Arriving flight/ })).getByLabelText("Flight number");
    await app.user.type(flight, "12345");
    expect(await app.screen.findByText("Enter the flight as the airline code and number, e.g. AA100.")).toBeTruthy();
    await app.user.clear(flight);
    await app.user.type(flight, "999");
    expect(await app.screen.findByText("No flight AA999 lands at LAX that day.", {}, { timeout: 5000 })).toBeTruthy();
    expect(flight.getAttribute("aria-invalid")).toBe("true");
    expect(quoteCalls(app.calls).at(-1)?.body).toMatchObject({ pickupPlaceId: "lax", flightNumber: "AA999" });
  });

  it("a time that cannot be served: the server's sentence and three times, no 'could not price' hint; a time picked is quoted and priced", async () => {
    const app = setup({ "POST /api/quotes": (body) => (timeOf(body) === "12:00" ? unavailable() : priced(body, `q-${timeOf(body)}`)) });
    await pick(app, "Pickup", "Santa", /Santa Monica Pier/);
    await pick(app, "Dropoff", "Beverly", /Beverly Hills Hotel/);
    const alert = await app.screen.findByTestId("unavailable-times", {}, { timeout: 5000 });
    expect(alert.textContent).toContain(SOLD_OUT);
    expect(alternativeButtons(app)).toEqual(["12:45 PM", "1:00 PM", "1:15 PM"]);
    expect(app.screen.queryByText(/We could not price this trip/)).toBeNull();
    expect(app.screen.queryByText(/to see your fare/)).toBeNull(); // the times take the quote panel's place
    expect(app.screen.queryByText("Quote Error")).toBeNull(); // said once, under the form: no toast
    expect(app.screen.getByRole("button", { name: "Confirm Booking" }).hasAttribute("disabled")).toBe(true);

    await app.user.click(app.screen.getByRole("button", { name: "1:00 PM" }));
    expect((app.screen.getByLabelText("Time") as HTMLSelectElement).value).toBe("13:00");
    expect(await app.screen.findByTestId("quote-total", {}, { timeout: 5000 })).toBeTruthy();
    expect(quoteCalls(app.calls).at(-1)?.body).toMatchObject({ date: "2030-03-12", time: "13:00" });
    expect(app.screen.queryByTestId("unavailable-times")).toBeNull();
    await vi.waitFor(() => expect(app.screen.getByRole("button", { name: "Confirm Booking" }).hasAttribute("disabled")).toBe(false));
  });

  it("a booking that lost the last car: the sentence and the times instead of 'Booking Failed', a fresh quote, and a time picked books again", async () => {
    let sold = false;
    const app = setup({
      "GET /api/auth/get-session": { json: sessionOf("customer") },
      "POST /api/quotes": (body) => (sold && timeOf(body) === "12:00" ? unavailable() : priced(body, `q-${timeOf(body)}`)),
      "POST /api/bookings": () => ((sold = true), unavailable()),
    });
    await pick(app, "Pickup", "Santa", /Santa Monica Pier/);
    await pick(app, "Dropoff", "Beverly", /Beverly Hills Hotel/);
    const confirm = app.screen.getByRole("button", { name: "Confirm Booking" });
    await vi.waitFor(() => expect(confirm.hasAttribute("disabled")).toBe(false), { timeout: 5000 });
    const quotesBefore = quoteCalls(app.calls).length;
    await app.user.click(confirm);

    expect((await app.screen.findByTestId("unavailable-times", {}, { timeout: 5000 })).textContent).toContain(SOLD_OUT);
    expect(alternativeButtons(app)).toEqual(["12:45 PM", "1:00 PM", "1:15 PM"]);
    await vi.waitFor(() => expect(quoteCalls(app.calls).length).toBeGreaterThan(quotesBefore)); // quoted again
    await vi.waitFor(() => expect(confirm.hasAttribute("disabled")).toBe(true));
    expect(app.screen.queryByText("Booking Failed")).toBeNull();
    expect(app.screen.queryByText(/We could not price this trip/)).toBeNull();

    await app.user.click(app.screen.getByRole("button", { name: "12:45 PM" }));
    expect(await app.screen.findByTestId("quote-total", {}, { timeout: 5000 })).toBeTruthy();
    expect(quoteCalls(app.calls).at(-1)?.body).toMatchObject({ time: "12:45" });
    await vi.waitFor(() => expect(confirm.hasAttribute("disabled")).toBe(false));
  });

  it("a lost booking's times show while the fresh quote loads; a fresh quote that can be served takes over", async () => {
    // The quotes asked after the refusal wait until the test answers them.
    const waiting: (() => void)[] = [];
    let booked = false;
    let n = 0;
    const app = setup({
      "GET /api/auth/get-session": { json: sessionOf("customer") },
      "POST /api/quotes": (body) => (booked ? new Promise((resolve) => waiting.push(() => resolve(priced(body, `q-${++n}`)))) : priced(body, `q-${++n}`)),
      "POST /api/bookings": () => ((booked = true), unavailable()),
    });
    await pick(app, "Pickup", "Santa", /Santa Monica Pier/);
    await pick(app, "Dropoff", "Beverly", /Beverly Hills Hotel/);
    const confirm = app.screen.getByRole("button", { name: "Confirm Booking" });
    await vi.waitFor(() => expect(confirm.hasAttribute("disabled")).toBe(false), { timeout: 5000 });
    await app.user.click(confirm);

    expect((await app.screen.findByTestId("unavailable-times", {}, { timeout: 5000 })).textContent).toContain(SOLD_OUT);
    await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    expect(app.screen.getByText("Calculating your quote…")).toBeTruthy();
    // The car came free again (the winner cancelled): the fresh quote prices noon, and the refusal goes.
    booked = false;
    for (const answer of waiting) answer();
    await vi.waitFor(() => expect(app.screen.queryByTestId("unavailable-times")).toBeNull());
    expect(app.screen.getByTestId("quote-total")).toBeTruthy();
    await vi.waitFor(() => expect(confirm.hasAttribute("disabled")).toBe(false));
  });
});
