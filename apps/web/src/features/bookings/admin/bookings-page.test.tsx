// @vitest-environment happy-dom
// The desk's bookings list on the table kit: what its filters ask the server, the CSV link following them, an
// inverted date range explained and never sent, and a list that cannot be read.
import { waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it } from "vitest";
import type { AdminBookingRow } from "@meridian/shared/admin";
import { apiError, renderApp, serveApi, sessionOf, type Answer } from "@/test/render";
import BookingsPage from "./bookings-page";

// Radix Select asks the browser for pointer capture and scrolls its items into view; happy-dom has neither.
beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
});

const row = (id: string, customerName: string, status: string): AdminBookingRow => ({
  id,
  service: "ride",
  bookingDate: "2030-03-12",
  status,
  price: 120,
  createdAt: "2030-03-01T10:00:00.000Z",
  customerName,
  customerEmail: `${customerName.toLowerCase()}@example.com`,
  customerPhone: null,
  userId: null,
  ticketCode: `MER-${id}`,
  event: null,
  location: "LAX → Santa Monica",
  time: "2:30 PM",
});
const ROWS = [row("1", "Octavia", "confirmed"), row("2", "Rupert", "cancelled")];

/** The server: the rows whose status and name match the query. */
const bookings: Answer = (_body, url) => {
  const status = url.searchParams.get("status");
  const q = url.searchParams.get("q")?.toLowerCase() ?? "";
  const found = ROWS.filter((r) => (!status || r.status === status) && r.customerName!.toLowerCase().includes(q));
  return { json: { bookings: found, total: found.length, page: 1, pageSize: 20 } };
};

function setup(answer: Answer = bookings) {
  const calls = serveApi({ "GET /api/auth/get-session": { json: sessionOf("admin") }, "GET /api/admin/bookings": answer });
  const app = renderApp(<BookingsPage />);
  const listCalls = () => calls.filter((c) => c.path === "/api/admin/bookings");
  const rows = () => within(app.screen.getByRole("table", { name: "Bookings" })).getAllByRole("row").slice(1);
  return { ...app, listCalls, rows };
}

describe("Bookings list", () => {
  it("asks for the status picked and the name typed, and the CSV link exports the same rows", async () => {
    const app = setup();
    await waitFor(() => expect(app.rows()).toHaveLength(2));
    await app.user.click(app.screen.getByRole("combobox", { name: "Status filter" }));
    await app.user.click(await app.screen.findByRole("option", { name: "Cancelled" }));
    await waitFor(() => expect(app.rows()).toHaveLength(1));
    expect(app.rows()[0]!.textContent).toContain("Rupert");
    await app.user.type(app.screen.getByLabelText("Search bookings"), "rup{Enter}");
    await waitFor(() => expect(app.listCalls().at(-1)?.query.get("q")).toBe("rup"));
    expect(app.listCalls().at(-1)?.query.get("status")).toBe("cancelled");
    expect(app.screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/api/admin/bookings/export.csv?q=rup&status=cancelled");
  });

  it("explains a range that ends before it starts, never asks for it, and turns the export off", async () => {
    const app = setup();
    await waitFor(() => expect(app.rows()).toHaveLength(2));
    await app.user.type(app.screen.getByLabelText("From"), "2030-03-20");
    await app.user.type(app.screen.getByLabelText("To"), "2030-03-10");
    expect(app.screen.getByText("The end date must be on or after the start date.")).toBeTruthy();
    expect(app.screen.getByRole("link", { name: "Export CSV" }).getAttribute("aria-disabled")).toBe("true");
    expect(app.listCalls().filter((c) => c.query.get("to") === "2030-03-10")).toEqual([]);
    await app.user.click(app.screen.getByRole("button", { name: "Clear" }));
    expect(app.screen.queryByText("The end date must be on or after the start date.")).toBeNull();
    expect(app.screen.getByLabelText<HTMLInputElement>("From").value).toBe("");
  });

  it("says the list could not be read, in the table and in a toast", async () => {
    const app = setup(apiError(500, "internal", "Something went wrong."));
    expect(await app.screen.findByText("Could not load bookings.")).toBeTruthy();
    expect(await app.screen.findByText("Error fetching bookings")).toBeTruthy();
  });
});
