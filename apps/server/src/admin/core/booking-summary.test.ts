// The booking's line in the admin's Bookings and Ticket Center details (and the bookings CSV): its time as people
// read it ("2:30 PM", an event's "5:00 PM – 9:00 PM"), not the stored "14:30" / "17:00-21:00" (issue 20 point 8).
import { describe, expect, it } from "vitest";
import { rideDetails, valetDetails } from "../../test/factories";
import { bookingSummary } from "./bookings.service";

describe("bookingSummary", () => {
  it("a ride's pickup time", () => {
    expect(bookingSummary(rideDetails({ time: "14:30" })).time).toBe("2:30 PM");
    expect(bookingSummary(rideDetails({ time: "00:15" })).time).toBe("12:15 AM");
  });
  it("an event's hours", () => {
    expect(bookingSummary(valetDetails({ startTime: "17:00", endTime: "21:00" }))).toMatchObject({ event: "Wedding", time: "5:00 PM – 9:00 PM" });
  });
});
