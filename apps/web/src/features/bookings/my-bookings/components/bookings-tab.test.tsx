// @vitest-environment happy-dom
// Typed answers end to end: GET /api/me/bookings is parsed with the shared answer schema (myBookingsResponseSchema),
// so a server answer that breaks it shows the tab's error, never a list drawn from half the fields.
import { describe, expect, it } from "vitest";
import { renderApp, serveApi, sessionOf } from "@/test/render";
import { BookingsTab } from "./bookings-tab";

const api = (bookings: unknown) =>
  serveApi({
    "GET /api/auth/get-session": { json: sessionOf() },
    "GET /api/me/bookings": { json: { bookings } },
    "GET /api/me/receipts": { json: { receipts: [] } },
  });

/** A booking as a server out of step with the client might send it: no details, no payment, a price as text. */
const BROKEN = { id: "b1", service: "ride", bookingDate: "2026-12-01", status: "confirmed", price: "120.00", createdAt: "2026-11-20T10:00:00.000Z" };

describe("BookingsTab answers", () => {
  it("shows the error, not a booking, when the answer breaks the shared schema", async () => {
    api([BROKEN]);
    const app = renderApp(<BookingsTab />);
    expect(await app.screen.findByText("We could not load your bookings just now.")).toBeTruthy();
    expect(app.screen.queryByRole("list", { name: "Your bookings" })).toBeNull();
    expect(app.screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });

  it("shows an answer that keeps to the schema", async () => {
    api([]);
    const app = renderApp(<BookingsTab />);
    expect(await app.screen.findByText("No bookings yet")).toBeTruthy();
  });
});
