// @vitest-environment happy-dom
// The valet form on react-hook-form + the shared makeValetFormSchema: the quote asked with the form's values and
// booked with its id, each field's message (the server's words), and the quote's refusal of a field under that field.
import { fireEvent } from "@testing-library/react";
import { VALET_MESSAGES } from "@meridian/shared/valet";
import { describe, expect, it, vi } from "vitest";
import { bookingTimesQueryOptions } from "../api/get-booking-times";
import { apiError, renderApp, serveApi, type Routes } from "@/test/render";
import { ValetForm } from "./valet-form";

// The server's clock: 9:50 in Los Angeles on 2030-03-12, a day's notice for valet: 5 PM is first bookable on the 13th.
const NOW = "2030-03-12T16:50:00.000Z";
const BOOKING_TIMES = { timeZone: "America/Los_Angeles", rideNoticeHours: 2, valetNoticeHours: 24, stepMinutes: 15, now: NOW };
const VENUE = { placeId: "venue", name: "Hotel Bel-Air", address: "701 Stone Canyon Rd, Los Angeles, CA", lat: 34.08, lng: -118.44, precision: "venue", components: [] };

function quoteOf(body: unknown) {
  const b = body as { eventType: string };
  const quote = {
    service: "valet",
    eventType: b.eventType,
    eventLabel: b.eventType,
    durationMinutes: 300,
    billableHours: 5,
    expectedVehicles: 80,
    expectedVehiclesDefaulted: true,
    attendants: 4,
    lines: [{ kind: "base", label: "Valet service", amountUsd: 900 }],
    totalUsd: 900,
    currency: "USD",
  };
  return { json: { quoteId: "vq1", expiresAt: "2030-03-12T17:15:00.000Z", quote, eventPlace: { placeId: VENUE.placeId, name: VENUE.name, address: VENUE.address } } };
}

function setup(routes: Routes = {}) {
  const calls = serveApi({
    "GET /api/auth/get-session": { json: null },
    "GET /api/booking-times": { json: BOOKING_TIMES },
    "GET /api/payments/config": { json: { provider: "embedded", publishableKey: null } },
    "GET /api/places/suggest": { json: { suggestions: [{ placeId: VENUE.placeId, primary: VENUE.name, secondary: VENUE.address }] } },
    "GET /api/places/venue": { json: VENUE },
    "POST /api/valet/quotes": quoteOf,
    ...routes,
  });
  const bookFor = { submit: vi.fn(), submitting: false, label: "Book for Caller" };
  const app = renderApp(<ValetForm idempotencyKey="k1" renewIdempotencyKey={vi.fn()} onConfirmed={vi.fn()} bookFor={bookFor} />, {
    seed: (client) => client.setQueryData(bookingTimesQueryOptions.queryKey, BOOKING_TIMES),
  });
  return { ...app, calls, bookFor };
}

const quoteCalls = (calls: ReturnType<typeof setup>["calls"]) => calls.filter((c) => c.path === "/api/valet/quotes");

async function chooseVenue(app: ReturnType<typeof setup>) {
  await app.user.type(app.screen.getByRole("combobox", { name: "Event Address" }), "Bel-Air");
  await app.user.click(await app.screen.findByRole("option", { name: /Hotel Bel-Air/ }, { timeout: 5000 }));
}

/** Leaves `label`'s field holding `text` (typed over what it held), touched. */
async function retype(app: ReturnType<typeof setup>, label: string, text: string) {
  const input = app.screen.getByLabelText(label);
  await app.user.clear(input);
  if (text) await app.user.type(input, text);
  await app.user.tab();
  return input;
}

describe("ValetForm", () => {
  it("asks the quote with the form's values and books the event with its id", async () => {
    const app = setup();
    await app.user.type(app.screen.getByLabelText("Customer Full Name"), "Octavia Brandt");
    await app.user.click(app.screen.getByRole("combobox", { name: "Event Type" }));
    await app.user.click(await app.screen.findByRole("option", { name: "Corporate" }));
    await chooseVenue(app);
    await app.user.selectOptions(app.screen.getByLabelText("Start Time"), "18:00");
    await app.user.selectOptions(app.screen.getByLabelText("End Time"), "23:30");
    await app.user.type(app.screen.getByLabelText("Expected Vehicles (optional)"), "120");
    await app.user.type(app.screen.getByLabelText("Special Instructions (optional)"), "Gate code 1234");
    const book = app.screen.getByRole("button", { name: "Book for Caller" }) as HTMLButtonElement;
    await vi.waitFor(() => expect(book.disabled).toBe(false), { timeout: 5000 });
    expect(quoteCalls(app.calls).at(-1)?.body).toEqual({
      customerName: "Octavia Brandt",
      eventType: "Corporate",
      eventTypeOther: "",
      date: "2030-03-13",
      startTime: "18:00",
      endTime: "23:30",
      eventPlaceId: "venue",
      expectedVehicles: 120,
      notes: "Gate code 1234",
    });
    expect(app.screen.getByTestId("valet-duration").textContent).toBe("5 hours 30 minutes");
    await app.user.click(book);
    expect(app.bookFor.submit).toHaveBeenCalledWith({ service: "valet", quoteId: "vq1" });
  });

  it("asks for the customer's name once the field is left empty", async () => {
    const app = setup();
    const name = await retype(app, "Customer Full Name", "   ");
    expect((await app.screen.findByText(VALET_MESSAGES.customerName)).id).toBe("valet-name-error");
    expect(name.getAttribute("aria-invalid")).toBe("true");
  });

  it("asks what the event is when it is Other", async () => {
    const app = setup();
    await app.user.click(app.screen.getByRole("combobox", { name: "Event Type" }));
    await app.user.click(await app.screen.findByRole("option", { name: "Other" }));
    await retype(app, "Type of Event", "");
    await app.user.type(app.screen.getByLabelText("Customer Full Name"), "Octavia Brandt");
    await app.user.click(app.screen.getByRole("button", { name: "Book for Caller" }));
    expect((await app.screen.findByText(VALET_MESSAGES.eventTypeOther)).id).toBe("valet-event-other-error");
  });

  it("refuses a past date", async () => {
    const app = setup();
    const date = app.screen.getByLabelText("Date");
    fireEvent.change(date, { target: { value: "2030-03-01" } });
    fireEvent.blur(date);
    expect((await app.screen.findByText(VALET_MESSAGES.dateInPast)).id).toBe("valet-date-error");
  });

  it("refuses 0 expected vehicles and more than the most it takes", async () => {
    const app = setup();
    await retype(app, "Expected Vehicles (optional)", "0");
    expect((await app.screen.findByText(VALET_MESSAGES.expectedVehicles)).id).toBe("valet-vehicles-error");
    await retype(app, "Expected Vehicles (optional)", "5000");
    expect(await app.screen.findByText(VALET_MESSAGES.expectedVehiclesMax)).toBeTruthy();
  });

  it("puts the quote's refusal of a field under it and says Quote Error", async () => {
    const app = setup({
      "POST /api/valet/quotes": apiError(400, "validation_error", "Please check the highlighted fields.", { expectedVehicles: "We can staff at most 1,500 cars on this date." }),
    });
    await app.user.type(app.screen.getByLabelText("Customer Full Name"), "Octavia Brandt");
    await chooseVenue(app);
    await app.user.type(app.screen.getByLabelText("Expected Vehicles (optional)"), "1800");
    expect((await app.screen.findByText("We can staff at most 1,500 cars on this date.", {}, { timeout: 5000 })).id).toBe("valet-vehicles-error");
    expect(await app.screen.findByText("Quote Error")).toBeTruthy();
    expect((app.screen.getByRole("button", { name: "Book for Caller" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
