import { describe, expect, it } from "vitest";
import { bookingStatuses, checkBookingTransition, checkTicketTransition, nextBookingStatuses, ticketStatuses, type BookingStatus } from "./booking-status";

const allowed: [string, BookingStatus][] = [
  ["pending", "confirmed"],
  ["pending", "cancelled"],
  ["confirmed", "in_progress"],
  ["confirmed", "cancelled"],
  ["in_progress", "completed"],
  ["completed", "refunded"],
  ["cancelled", "refunded"],
];

describe("booking status transitions", () => {
  it.each(allowed)("%s -> %s is allowed", (from, to) => {
    expect(checkBookingTransition(from, to)).toEqual({ ok: true });
  });

  const refused = bookingStatuses.flatMap((from) =>
    bookingStatuses.filter((to) => !allowed.some(([f, t]) => f === from && t === to)).map((to) => [from, to] as const),
  );
  it("refuses every other pair (29 of 36)", () => {
    expect(refused).toHaveLength(29);
  });
  it.each(refused)("%s -> %s is refused with a sentence", (from, to) => {
    const res = checkBookingTransition(from, to);
    expect(res.ok).toBe(false);
    if (!res.ok) expect(res.message).toMatch(/\.$/);
  });

  it("explains what is possible", () => {
    expect(checkBookingTransition("pending", "completed")).toEqual({
      ok: false,
      message: "A booking cannot move from Pending to Completed. From Pending it can only move to Confirmed or Cancelled.",
    });
    expect(checkBookingTransition("refunded", "pending")).toEqual({
      ok: false,
      message: "A booking cannot move from Refunded to Pending. Refunded is a final status.",
    });
    expect(checkBookingTransition("confirmed", "confirmed")).toEqual({ ok: false, message: "This booking is already Confirmed." });
  });

  it("an unknown current status allows nothing", () => {
    expect(nextBookingStatuses("weird")).toEqual([]);
    expect(checkBookingTransition("weird", "confirmed").ok).toBe(false);
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
