import { describe, expect, it } from "vitest";
import { makeRideFormSchema, rideFormDefaults } from "./ride-form";

// 9:50 in Los Angeles on Tuesday 2030-03-12; rides need two hours' notice: noon is the earliest.
const rules = { settings: { timeZone: "America/Los_Angeles", rideNoticeHours: 2, valetNoticeHours: 24 }, now: () => new Date("2030-03-12T16:50:00Z") };
const schema = makeRideFormSchema("2030-03-12", rules);
const form = (patch: Partial<ReturnType<typeof rideFormDefaults>> = {}) => ({ ...rideFormDefaults("2030-03-12"), ...patch });
const messages = (v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("makeRideFormSchema", () => {
  it("answers the quote's values: numbers for the party, no flight away from an airport", () => {
    expect(schema.parse(form({ passengers: "3", luggage: "", flightNumber: "100" }))).toEqual({ date: "2030-03-12", time: "12:00", passengers: 3, luggage: 0, flightNumber: null });
  });

  it("answers the canonical flight of an airport pickup", () => {
    expect(schema.parse(form({ airportPickup: true, airline: "UA", flightNumber: " 0042 " })).flightNumber).toBe("UA42");
    expect(schema.parse(form({ airportPickup: true, flightNumber: "" })).flightNumber).toBeNull();
  });

  it.each([
    [{ date: "" }, "date", "Please choose a date."],
    [{ date: "2030-03-11" }, "date", "Date cannot be before today. The earliest bookable time is Tue, Mar 12 at 12:00 PM."],
    [{ time: "11:45" }, "time", "Rides need at least 2 hours' notice. The earliest bookable time is Tue, Mar 12 at 12:00 PM."],
    [{ time: "12:10" }, "time", "Please choose a time in 15-minute steps (:00, :15, :30 or :45)."],
    [{ passengers: "0" }, "passengers", "Passengers must be a whole number of at least 1."],
    [{ passengers: "2.5" }, "passengers", "Passengers must be a whole number of at least 1."],
    [{ luggage: "-1" }, "luggage", "Luggage must be a whole number of at least 0."],
    [{ airportPickup: true, flightNumber: "12345" }, "flightNumber", "Enter the flight as the airline code and number, e.g. AA100."],
  ])("%o: %s says the server's words", (patch, field, message) => {
    expect(messages(form(patch))).toEqual({ [field]: message });
  });

  it("without the rules, refuses a day before today", () => {
    expect(makeRideFormSchema("2030-03-12").safeParse(form({ date: "2030-03-11" })).success).toBe(false);
    expect(makeRideFormSchema("2030-03-12").safeParse(form({ date: "2030-03-12", time: "08:00" })).success).toBe(true);
  });
});
