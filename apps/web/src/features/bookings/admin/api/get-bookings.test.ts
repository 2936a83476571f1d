import { describe, expect, it } from "vitest";
import { bookingFilterParams } from "./get-bookings";

// The server refuses an empty or blank query parameter (400), so blank filters must ask for everything.
describe("the desk's bookings query", () => {
  it("leave blank booking filters and 'all' out", () => {
    expect(bookingFilterParams({ q: "  ", status: "all", service: "", from: "2026-12-01" })).toBe("?from=2026-12-01");
    expect(bookingFilterParams({ q: "", status: "all" })).toBe("");
  });
});
