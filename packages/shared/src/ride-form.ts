// The booking dialog's ride form: its fields as typed, their defaults and the server's messages (the quote checks
// the same rules: rideDateSchema, rideTimeSchema, the party's messages, bookingTimeProblem, the flight number).
// The form uses it through zodResolver; its output is what the quote needs of the form.
import { z } from "zod";
import { RIDE_DEFAULTS } from "./booking";
import { DATE_FORMAT_MESSAGE, DATE_IN_PAST_MESSAGE, bookingTimeProblem, type BookingTimeSettings } from "./booking-time";
import { normaliseLuggage, normalisePassengers, partyFieldError } from "./capacity";
import { flightNumberOf } from "./flights";
import { isCalendarDate } from "./zoned-time";

export const RIDE_DATE_REQUIRED_MESSAGE = "Please choose a date.";

/** The operations rules and the server's clock (the dialog's booking clock): with them, the date and time must be bookable. */
export type RideFormRules = { settings: BookingTimeSettings; now: () => Date };

const partyField = (kind: "passengers" | "luggage") =>
  z
    .string()
    .superRefine((v, ctx) => {
      const message = partyFieldError(kind, v);
      if (message) ctx.addIssue({ code: "custom", message });
    })
    // An empty field is the default (the form writes it back when the field is left).
    .transform((v) => (kind === "passengers" ? normalisePassengers(v) : normaliseLuggage(v)));

/**
 * The ride form. `today` is the date on the operations clock ("YYYY-MM-DD"), for the date picker's floor; with
 * `rules`, the date and time must be bookable (the notice, a time that exists, not past), with the server's
 * message on the field it names. `airportPickup` is set by the form when the pickup is an airport: the flight
 * number is then checked (empty is allowed: no flight given).
 */
export function makeRideFormSchema(today: string, rules?: RideFormRules) {
  return z
    .object({
      date: z.string().trim(),
      time: z.string().trim(),
      passengers: partyField("passengers"),
      luggage: partyField("luggage"),
      airportPickup: z.boolean(),
      airline: z.string(),
      flightNumber: z.string(),
    })
    .superRefine((v, ctx) => {
      if (v.date === "") {
        ctx.addIssue({ code: "custom", path: ["date"], message: RIDE_DATE_REQUIRED_MESSAGE });
      } else if (rules) {
        const problem = bookingTimeProblem("ride", v.date, v.time, rules.settings, rules.now());
        if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
      } else if (!isCalendarDate(v.date)) {
        ctx.addIssue({ code: "custom", path: ["date"], message: DATE_FORMAT_MESSAGE });
      } else if (v.date < today) {
        ctx.addIssue({ code: "custom", path: ["date"], message: DATE_IN_PAST_MESSAGE });
      }
      if (v.airportPickup) {
        const flight = flightNumberOf(v.airline, v.flightNumber);
        if (flight.error) ctx.addIssue({ code: "custom", path: ["flightNumber"], message: flight.error });
      }
    })
    .transform((v) => ({
      date: v.date,
      time: v.time,
      passengers: v.passengers,
      luggage: v.luggage,
      /** The canonical flight number ("AA100") of an airport pickup, or null. */
      flightNumber: v.airportPickup ? flightNumberOf(v.airline, v.flightNumber).value : null,
    }));
}

export type RideFormInput = z.input<ReturnType<typeof makeRideFormSchema>>;
export type RideFormValues = z.output<ReturnType<typeof makeRideFormSchema>>;

/** The spec's defaults: noon (on `date`, the first day it can be booked), one passenger, no luggage, no flight. */
export const rideFormDefaults = (date: string): RideFormInput => ({
  date,
  time: RIDE_DEFAULTS.time,
  passengers: String(RIDE_DEFAULTS.passengers),
  luggage: String(RIDE_DEFAULTS.luggage),
  airportPickup: false,
  airline: "AA",
  flightNumber: "",
});
