import { describe, expect, it } from "vitest";
import {
  bookingStatuses,
  checkBookingTransition,
  checkTicketTransition,
  nextBookingStatuses,
  rideStatuses,
  ticketStatuses,
  type RideStatus,
  type StatusActor,
} from "./booking-status";

const actors: StatusActor[] = ["admin", "dispatch", "chauffeur", "customer", "refund", "system"];

/** The ride's whole table, written out: [from, to, who]. */
const rideAllowed: [RideStatus, RideStatus, StatusActor[]][] = [
  ["pending", "confirmed", ["dispatch"]],
  ["pending", "cancelled", ["customer", "admin"]],
  ["pending", "expired", ["system"]], // only the overdue sweep; never offered to the back office
  ["confirmed", "expired", ["system"]],
  ["confirmed", "pending", ["dispatch", "customer"]],
  ["confirmed", "en_route", ["chauffeur", "admin"]],
  ["confirmed", "cancelled", ["customer", "admin"]],
  ["en_route", "on_location", ["chauffeur", "admin"]],
  ["en_route", "cancelled", ["admin"]],
  ["on_location", "on_board", ["chauffeur", "admin"]],
  ["on_location", "no_show", ["chauffeur", "admin"]],
  ["on_location", "cancelled", ["admin"]],
  ["on_board", "completed", ["chauffeur", "admin"]],
  ["completed", "refunded", ["refund"]],
  ["cancelled", "refunded", ["refund"]],
  ["no_show", "refunded", ["refund"]],
];

describe("ride status transitions", () => {
  const cases = rideStatuses.flatMap((from) => bookingStatuses.flatMap((to) => actors.map((actor) => [from, to, actor] as const)));
  const isAllowed = (from: string, to: string, actor: StatusActor) => rideAllowed.some(([f, t, who]) => f === from && t === to && who.includes(actor));

  it.each(cases.filter(([f, t, a]) => isAllowed(f, t, a)))("%s -> %s by %s is allowed", (from, to, actor) => {
    expect(checkBookingTransition(from, to, { service: "ride", actor })).toEqual({ ok: true });
  });

  const refused = cases.filter(([f, t, a]) => !isAllowed(f, t, a));
  it("refuses every other move, for every actor (all but 24 of 660)", () => {
    expect(cases).toHaveLength(660);
    expect(refused).toHaveLength(660 - 24);
  });
  it.each(refused)("%s -> %s by %s is refused with a sentence", (from, to, actor) => {
    const res = checkBookingTransition(from, to, { service: "ride", actor });
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.message).toMatch(/\.$/);
  });

  it("walks the happy path for the chauffeur", () => {
    const path: RideStatus[] = ["confirmed", "en_route", "on_location", "on_board", "completed"];
    for (let i = 1; i < path.length; i++) expect(nextBookingStatuses(path[i - 1]!, { service: "ride", actor: "chauffeur" })).toContain(path[i]);
    expect(nextBookingStatuses("completed", { service: "ride", actor: "chauffeur" })).toEqual([]);
  });

  it("explains what is possible", () => {
    expect(checkBookingTransition("pending", "en_route", { service: "ride", actor: "chauffeur" })).toEqual({
      ok: false,
      message: "A ride cannot move from Pending to En Route. From Pending it is not yours to move.",
    });
    expect(checkBookingTransition("confirmed", "on_board", { service: "ride", actor: "chauffeur" })).toEqual({
      ok: false,
      message: "A ride cannot move from Confirmed to Passenger On Board. From Confirmed it can only move to En Route.",
    });
    expect(checkBookingTransition("refunded", "pending", { service: "ride", actor: "admin" })).toEqual({
      ok: false,
      message: "A ride cannot move from Refunded to Pending. Refunded is a final status.",
    });
    expect(checkBookingTransition("en_route", "en_route", { service: "ride", actor: "chauffeur" })).toEqual({ ok: false, message: "This ride is already En Route." });
  });

  it("an unknown current status allows nothing", () => {
    expect(nextBookingStatuses("weird")).toEqual([]);
    expect(checkBookingTransition("weird", "confirmed").ok).toBe(false);
  });
});

describe("other services (valet)", () => {
  it.each([
    ["pending", "confirmed", true],
    ["confirmed", "in_progress", true],
    ["in_progress", "completed", true],
    ["pending", "en_route", false],
    ["in_progress", "cancelled", false],
  ] as const)("%s -> %s by admin: %s", (from, to, ok) => {
    expect(checkBookingTransition(from, to, { service: "valet", actor: "admin" }).ok).toBe(ok);
  });
  it("a customer may cancel a valet booking before it starts", () => {
    expect(nextBookingStatuses("confirmed", { service: "valet", actor: "customer" })).toEqual(["cancelled"]);
  });
});

describe("ticket status transitions", () => {
  it.each([
    ["active", "released", true],
    ["active", "void", true],
    ["active", "active", false],
    ["released", "active", false],
    ["released", "void", false],
    ["void", "active", false],
    ["void", "released", false],
  ] as const)("%s -> %s: %s", (from, to, ok) => {
    expect(checkTicketTransition(from, to).ok).toBe(ok);
  });
  it("knows three statuses", () => expect(ticketStatuses).toEqual(["active", "released", "void"]));
});

describe("the customer's list order", () => {
  it("puts live and upcoming bookings first (soonest first), then past ones (most recent first)", async () => {
    const { orderForCustomer } = await import("./booking-status");
    const rows = [
      { id: "done-old", status: "completed", startsAt: "2026-01-01T10:00:00Z" },
      { id: "next-week", status: "pending", startsAt: "2026-12-08T10:00:00Z" },
      { id: "cancelled-recent", status: "cancelled", startsAt: "2026-11-20T10:00:00Z" },
      { id: "tomorrow", status: "confirmed", startsAt: "2026-11-27T09:00:00Z" },
      { id: "on-board-now", status: "on_board", startsAt: "2026-11-26T08:00:00Z" },
      { id: "expired", status: "expired", startsAt: "2026-11-25T08:00:00Z" },
      { id: "valet-tonight", status: "pending", startsAt: new Date("2026-11-26T20:00:00Z") },
    ];
    expect(orderForCustomer(rows).map((r) => r.id)).toEqual(["on-board-now", "valet-tonight", "tomorrow", "next-week", "expired", "cancelled-recent", "done-old"]);
  });
  it("lists two bookings for the same moment newest first, whatever their ids", async () => {
    const { orderForCustomer } = await import("./booking-status");
    const at = "2026-12-06T18:30:00Z";
    const rows = [
      { id: "a-booked-first", status: "pending", startsAt: at, createdAt: "2026-11-26T08:00:00Z" },
      { id: "z-booked-second", status: "pending", startsAt: at, createdAt: "2026-11-26T08:00:01Z" },
      { id: "b-done-first", status: "completed", startsAt: at, createdAt: "2026-11-26T08:00:00Z" },
      { id: "y-done-second", status: "completed", startsAt: at, createdAt: "2026-11-26T08:00:01Z" },
    ];
    expect(orderForCustomer(rows).map((r) => r.id)).toEqual(["z-booked-second", "a-booked-first", "y-done-second", "b-done-first"]);
  });
});
