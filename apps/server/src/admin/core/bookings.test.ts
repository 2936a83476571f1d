import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REFUND_THROUGH_REFUNDS_MESSAGE } from "@meridian/shared/booking-status";
import { auditLogs, bookings } from "../../db/schema";
import { createVehicle } from "../../seed/factories";
import { insertBooking, insertTicket, rideDetails, testPlace } from "../../test/factories";
import { createAdminTestApp, type TestApp } from "../../test/harness";
import { BOOKINGS_CSV_HEADER, bookingsCsvLines, csvField, EXPORT_BATCH } from "./bookings.service";

let t: TestApp;
let cookie: string;
let ids: { a: string; b: string; c: string };

beforeAll(async () => {
  ({ t, cookie } = await createAdminTestApp());
  const customer = await t.userWithSession({ fullName: "Priya Profile", email: "priya@example.com" });
  const sedan = await createVehicle(t.db, { name: "Executive Sedan" });
  const a = await insertBooking(t.db, {
    userId: customer.user.id,
    name: "Booking Name Ignored",
    email: "priya@example.com",
    bookingDate: "2026-07-01",
    status: "pending",
    price: 150.5,
    vehicleTypeId: sedan.id,
    details: rideDetails({
      pickup: testPlace("p1", "LAX", "1 World Way"),
      dropoff: testPlace("p2", "Hotel Bel-Air", "701 Stone Canyon Rd"),
      passengers: 2,
      luggage: 1,
      date: "2026-07-01",
      quote: { ...rideDetails().quote, totalUsd: 150.5 },
    }),
  });
  const b = await insertBooking(t.db, { name: 'Walk-in, "Quoted"', email: "walkin@example.com", bookingDate: "2026-07-10", status: "confirmed", price: 90, service: "valet" });
  const c = await insertBooking(t.db, { name: "=HYPERLINK(evil)", email: "late@example.com", bookingDate: "2026-08-15", status: "pending", price: 300 });
  await insertTicket(t.db, a.id, { ticketCode: "MER-FINDME1" });
  ids = { a: a.id, b: b.id, c: c.id };
});
afterAll(() => t.close());

const list = async (qs = "") => t.call("GET", `/api/admin/bookings${qs}`, { cookie });

describe("GET /api/admin/bookings", () => {
  it("lists newest first with the customer from the profile (else the booking), price and ticket", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(res.body.bookings.map((r: { id: string }) => r.id)).toEqual([ids.c, ids.b, ids.a]);
    expect(res.body.bookings[2]).toMatchObject({ customerName: "Priya Profile", customerEmail: "priya@example.com", service: "ride", bookingDate: "2026-07-01", status: "pending", price: 150.5, ticketCode: "MER-FINDME1" });
    expect(res.body.bookings[1]).toMatchObject({ customerName: 'Walk-in, "Quoted"', service: "valet", ticketCode: null });
  });

  it("searches customer name, e-mail and ticket code", async () => {
    for (const [q, expected] of [
      ["priya profile", [ids.a]],
      ["WALKIN@", [ids.b]],
      ["findme1", [ids.a]],
      ["nobody", []],
    ] as const) {
      const res = await list(`?q=${encodeURIComponent(q)}`);
      expect(res.body.bookings.map((r: { id: string }) => r.id), q).toEqual(expected);
      expect(res.body.total).toBe(expected.length);
    }
  });

  it("filters by status and booking-date range, and paginates with a total", async () => {
    expect((await list("?status=pending")).body.bookings.map((r: { id: string }) => r.id)).toEqual([ids.c, ids.a]);
    expect((await list("?from=2026-07-05&to=2026-07-31")).body.bookings.map((r: { id: string }) => r.id)).toEqual([ids.b]);
    expect((await list("?from=2026-07-10")).body.total).toBe(2);
    // A blank filter is refused (leave it out): 400 on each blank parameter.
    const blank = await list("?status=&q=&from=");
    expect([blank.status, Object.keys(blank.body.error.fields)]).toEqual([400, ["status", "q", "from"]]);
    expect((await list("")).body.total).toBe(3);
    const p2 = await list("?pageSize=2&page=2");
    expect(p2.body).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(p2.body.bookings.map((r: { id: string }) => r.id)).toEqual([ids.a]);
  });

  it("rejects bad filters with field messages", async () => {
    const res = await list("?status=lost&from=2026-13-01&pageSize=500&page=0");
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      status: expect.stringContaining("Status must be one of"),
      from: "Use a real calendar date like 2026-05-31.",
      pageSize: "Page size must be between 1 and 100.",
      page: "Page must be a whole number of at least 1.",
    });
    const range = await list("?from=2026-08-01&to=2026-07-01");
    expect(range.status).toBe(400);
    expect(range.body.error.fields.to).toBe("The end date must be on or after the start date.");
  });
});

describe("GET /api/admin/bookings/export.csv", () => {
  it("exports only the filtered rows as CSV", async () => {
    const res = await t.call("GET", "/api/admin/bookings/export.csv?status=pending", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="meridian-bookings-\d{4}-\d{2}-\d{2}\.csv"$/);
    const raw = await t.app.request("/api/admin/bookings/export.csv?status=pending", { headers: { cookie } });
    expect([...new Uint8Array(await raw.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8 byte-order mark
    const lines = (res.body as string).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Booking ID,Created At,Booking Date,Customer,Email,Phone,Service,Event,Location,Time,Status,Price (USD),Ticket Code");
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${ids.c},`);
    expect(lines[1]).toContain(",'=HYPERLINK(evil),late@example.com,,ride,,LAX → Hotel Bel-Air,12:00 PM,pending,$300.00,");
    expect(lines[2]).toContain(",Priya Profile,priya@example.com,,ride,,LAX → Hotel Bel-Air,12:00 PM,pending,$150.50,MER-FINDME1");
    expect(res.body).not.toContain("Walk-in");
  });

  it("escapes quotes, commas and line breaks", async () => {
    expect(csvField('Walk-in, "Quoted"')).toBe('"Walk-in, ""Quoted"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("+1 310")).toBe("'+1 310");
    expect(csvField(null)).toBe("");
    const res = await t.call("GET", "/api/admin/bookings/export.csv?q=walk-in", { cookie });
    expect(res.body).toContain(',"Walk-in, ""Quoted""",walkin@example.com,,valet,Wedding,Hotel Bel-Air,5:00 PM – 9:00 PM,confirmed,$90.00,');
    expect(BOOKINGS_CSV_HEADER.split("\r\n")).toEqual([expect.stringMatching(/^Booking ID,/), ""]);
    expect(bookingsCsvLines([])).toBe("");
  });

  it("exports every matching row, however many (batched, no cap), each once and newest first", async () => {
    const total = EXPORT_BATCH * 2 + 37;
    const start = Date.UTC(2026, 0, 1);
    await t.db.insert(bookings).values(
      Array.from({ length: total }, (_, i) => ({
        service: "ride",
        bookingDate: "2027-03-03",
        status: "completed",
        name: `Bulk Export ${String(i).padStart(4, "0")}`,
        email: `bulk-${i}@example.com`,
        price: 100 + i,
        details: rideDetails({ date: "2027-03-03" }),
        createdAt: new Date(start + i * 60_000),
      })),
    );
    const res = await t.call("GET", "/api/admin/bookings/export.csv?q=bulk%20export", { cookie });
    expect(res.status).toBe(200);
    const lines = (res.body as string).trimEnd().split("\r\n").slice(1);
    expect(lines).toHaveLength(total);
    const names = lines.map((l) => l.split(",")[3]);
    expect(new Set(names).size).toBe(total);
    expect(names[0]).toBe(`Bulk Export ${String(total - 1).padStart(4, "0")}`);
    expect(names.at(-1)).toBe("Bulk Export 0000");
    // The list's total agrees with the export.
    expect((await list("?q=bulk%20export")).body.total).toBe(total);
  });

  it("validates the same filters", async () => {
    const res = await t.call("GET", "/api/admin/bookings/export.csv?to=yesterday", { cookie });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.to).toBe("Use a real calendar date like 2026-05-31.");
  });
});

describe("GET /api/admin/bookings/:id", () => {
  it("returns the ride details, vehicle, ticket and the allowed next statuses", async () => {
    const res = await t.call("GET", `/api/admin/bookings/${ids.a}`, { cookie });
    expect(res.status).toBe(200);
    expect(res.body.booking).toMatchObject({
      id: ids.a,
      vehicleName: "Executive Sedan",
      details: { service: "ride", pickup: { name: "LAX" }, passengers: 2, quote: { totalUsd: 150.5 } },
      tickets: [{ ticketCode: "MER-FINDME1", status: "active" }],
      nextStatuses: ["cancelled"], // a ride is confirmed by assigning a chauffeur, not by a status change
    });
  });
  it("404s unknown and malformed ids", async () => {
    expect((await t.call("GET", "/api/admin/bookings/7d1f8a3e-0000-4000-8000-000000000000", { cookie })).status).toBe(404);
    const bad = await t.call("GET", "/api/admin/bookings/not-a-uuid", { cookie });
    expect(bad.status).toBe(404);
    expect(bad.body.error.message).toBe("Booking not found.");
  });
});

describe("PATCH /api/admin/bookings/:id/status", () => {
  const change = (id: string, status: unknown) => t.call("PATCH", `/api/admin/bookings/${id}/status`, { cookie, json: { status } });

  it("walks a valet booking pending -> confirmed -> in_progress -> completed, auditing each step; Refunded is not a status change", async () => {
    const bk = await insertBooking(t.db, { status: "pending", service: "valet" });
    for (const status of ["confirmed", "in_progress", "completed"]) {
      const res = await change(bk.id, status);
      expect(res.status, status).toBe(200);
      expect(res.body.booking.status).toBe(status);
    }
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, bk.id));
    expect(audit.map((a) => [a.before, a.after])).toEqual(
      expect.arrayContaining([
        [{ status: "pending" }, { status: "confirmed" }],
        [{ status: "in_progress" }, { status: "completed" }],
      ]),
    );
    expect(audit).toHaveLength(3);
    // Refunded is reached by a refund of the whole charge (amount and reason), never offered as a status.
    expect((await t.call("GET", `/api/admin/bookings/${bk.id}`, { cookie })).body.booking.nextStatuses).not.toContain("refunded");
    const refused = await change(bk.id, "refunded");
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({ code: "refund_required", message: REFUND_THROUGH_REFUNDS_MESSAGE });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bk.id));
    expect(row!.status).toBe("completed");
  });

  it("steps an assigned ride for the chauffeur: en_route -> on_location -> on_board -> completed, stamped on the timeline", async () => {
    const bk = await insertBooking(t.db, { status: "confirmed" });
    for (const status of ["en_route", "on_location", "on_board", "completed"]) expect((await change(bk.id, status)).status, status).toBe(200);
    const detail = await t.call("GET", `/api/admin/bookings/${bk.id}`, { cookie });
    expect(detail.body.booking.timeline.map((e: { from: string; to: string; actorRole: string }) => `${e.from}>${e.to}:${e.actorRole}`)).toEqual([
      "confirmed>en_route:admin",
      "en_route>on_location:admin",
      "on_location>on_board:admin",
      "on_board>completed:admin",
    ]);
  });

  it("cancels only with a reason (POST .../cancel)", async () => {
    const bk = await insertBooking(t.db, { status: "confirmed" });
    const noReason = await change(bk.id, "cancelled");
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.code).toBe("reason_required");
    expect((await t.call("POST", `/api/admin/bookings/${bk.id}/cancel`, { cookie, json: {} })).status).toBe(400);
    const cancelled = await t.call("POST", `/api/admin/bookings/${bk.id}/cancel`, { cookie, json: { reason: "Vehicle breakdown" } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.booking).toMatchObject({ status: "cancelled", cancellation: { by: "admin", reason: "Vehicle breakdown", feeUsd: 0 } });
    expect((await change(bk.id, "refunded")).status).toBe(400);
  });

  it("rejects illegal transitions with 409 illegal_transition and leaves the booking alone", async () => {
    const bk = await insertBooking(t.db, { status: "pending" });
    for (const status of ["completed", "in_progress", "pending", "confirmed", "en_route"]) {
      const res = await change(bk.id, status);
      expect(res.status, status).toBe(409);
      expect(res.body.error.code).toBe("illegal_transition");
    }
    expect((await change(bk.id, "completed")).body.error.message).toBe("A ride cannot move from Pending to Completed. From Pending it can only move to Cancelled.");
    const inProgress = await insertBooking(t.db, { status: "in_progress", service: "valet" });
    expect((await t.call("POST", `/api/admin/bookings/${inProgress.id}/cancel`, { cookie, json: { reason: "Too late" } })).status).toBe(409);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bk.id));
    expect(row!.status).toBe("pending");
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, bk.id))).toEqual([]);
  });

  it("validates the status and the id", async () => {
    const bad = await change(ids.c, "lost");
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.status).toContain("Status must be one of");
    expect((await t.call("PATCH", `/api/admin/bookings/${ids.c}/status`, { cookie, json: { status: "confirmed", price: 1 } })).status).toBe(400);
    expect((await change("0f0f0f0f-0000-4000-8000-000000000000", "confirmed")).status).toBe(404);
  });
});
