// The booking confirmation e-mails: ticket code in the subject, the trip or the event, and the itemised quote;
// each carries the booking as an .ics calendar entry (UID from the ticket code, SEQUENCE 0; see change-emails.ts
// for the later versions). Times on the operations clock (Settings time zone).
import { SERVICE_TIME_ZONE } from "@meridian/shared/booking";
import type { BookingDetails, RideDetails, ValetDetails } from "@meridian/shared/booking-details";
import { formatMoney } from "@meridian/shared/money";
import { formatDuration } from "@meridian/shared/valet";
import { formatClock } from "@meridian/shared/valet-pricing";
import { zonedInstant } from "@meridian/shared/zoned-time";
import { type CalendarEvent, icsAttachment } from "./ics";
import type { Mail } from "./mailer";
import { emailLayout, greeting, nameInEmail } from "./templates";

/** "Los Angeles time" for "America/Los_Angeles". */
export const zoneLabel = (timeZone: string) => `${(timeZone.split("/").pop() ?? timeZone).replace(/_/g, " ")} time`;

/** A place once: "LAX (1 World Way, ...)", but "1 World Way" when the name is the address (a typed street address). */
export function placeLine(p: { name: string; address: string }): string {
  return !p.address || p.address === p.name || p.address.startsWith(p.name) ? p.address || p.name : `${p.name} (${p.address})`;
}

/** An event's address once: addresses often start with the place's name already ("The Beverly Hills Hotel, 9641 ..."). */
function eventAddress(d: ValetDetails): string {
  const { name, address: line } = d.address;
  return !line || line.startsWith(name) ? line || name : `${name}, ${line}`;
}

/** The calendar entry of a booking (its first version: SEQUENCE 0, unless `over` says otherwise). */
export function bookingCalendarEvent(d: BookingDetails, ticketCode: string, timeZone: string, dashboardUrl: string, over: Partial<CalendarEvent> = {}): CalendarEvent {
  const uid = `${ticketCode}@meridian`;
  if (d.service === "ride") {
    const start = zonedInstant(d.date, d.time, timeZone);
    return {
      uid,
      start,
      end: new Date(start.getTime() + Math.max(15, d.minutes) * 60_000),
      summary: `Meridian ride: ${d.pickup.name} to ${d.dropoff.name}`,
      location: placeLine(d.pickup),
      description: `Ticket ${ticketCode}. ${d.quote.vehicleName} for ${d.passengers} passenger${d.passengers === 1 ? "" : "s"}. Your bookings: ${dashboardUrl}`,
      ...over,
    };
  }
  return {
    uid,
    start: zonedInstant(d.date, d.startTime, timeZone),
    end: zonedInstant(d.date, d.endTime, timeZone),
    summary: `Meridian event valet: ${d.quote.eventLabel}`,
    location: eventAddress(d),
    description: `Ticket ${ticketCode}. ${d.attendants} valet attendants for about ${d.expectedVehicles} vehicles. Your bookings: ${dashboardUrl}`,
    ...over,
  };
}

/** The trip's lines of a ride e-mail. */
export function rideLines(d: RideDetails, timeZone: string): string[] {
  const people = `${d.passengers} passenger${d.passengers === 1 ? "" : "s"}, ${d.luggage} bag${d.luggage === 1 ? "" : "s"}`;
  return [
    `Pickup: ${placeLine(d.pickup)}`,
    `Dropoff: ${placeLine(d.dropoff)}`,
    `Date: ${d.date} at ${formatClock(d.time)} (${zoneLabel(timeZone)})`,
    `Vehicle: ${d.quote.vehicleName}, ${people}`,
  ];
}

/** The event's date line of a valet e-mail. */
export const valetWhen = (d: ValetDetails, timeZone: string) =>
  `${d.date}, ${formatClock(d.startTime)} to ${formatClock(d.endTime)} (${zoneLabel(timeZone)}, ${formatDuration(d.durationMinutes)})`;

export function bookingConfirmationEmail(input: {
  to: string;
  name: string;
  ticketCode: string;
  details: RideDetails;
  dashboardUrl: string;
  timeZone?: string;
}): Mail {
  const { details: d, ticketCode } = input;
  const timeZone = input.timeZone ?? SERVICE_TIME_ZONE;
  const trip = [...rideLines(d, timeZone), `Distance: ${d.quote.miles.toFixed(1)} miles, about ${d.quote.minutes} minutes`];
  return confirmationEmail(input, { service: "ride", about: trip, quote: d.quote, entry: "ride", calendar: bookingCalendarEvent(d, ticketCode, timeZone, input.dashboardUrl), serviceVar: "ride" });
}

export function valetBookingConfirmationEmail(input: { to: string; name: string; ticketCode: string; details: ValetDetails; dashboardUrl: string; timeZone?: string }): Mail {
  const { details: d, ticketCode } = input;
  const q = d.quote;
  const timeZone = input.timeZone ?? SERVICE_TIME_ZONE;
  const when = valetWhen(d, timeZone);
  const address = eventAddress(d);
  const event = [
    `Event: ${q.eventLabel}, for ${nameInEmail(d.customerName)}`,
    `Date: ${when}`,
    `Address: ${address}`,
    `Expected vehicles: ${d.expectedVehicles}${q.expectedVehiclesDefaulted ? " (our estimate; tell us if you expect more)" : ""}`,
    `Attendants: ${d.attendants}`,
    ...(d.notes ? [`Special instructions: ${d.notes}`] : []),
  ];
  return confirmationEmail(input, { service: "valet", about: event, quote: q, entry: "event", calendar: bookingCalendarEvent(d, ticketCode, timeZone, input.dashboardUrl), serviceVar: "valet service" });
}

/**
 * A booking's confirmation: the ticket, what was booked (`about`), the quote line by line, the booking as a calendar
 * entry (meridian-<service>.ics) and the link to the customer's bookings.
 */
function confirmationEmail(
  input: { to: string; name: string; ticketCode: string; dashboardUrl: string },
  booked: { service: "ride" | "valet"; about: string[]; quote: { lines: readonly { label: string; amountUsd: number }[]; totalUsd: number }; entry: "ride" | "event"; calendar: CalendarEvent; serviceVar: string },
): Mail {
  const { ticketCode } = input;
  const lines = booked.quote.lines.map((l) => `${l.label}: ${formatMoney(l.amountUsd)}`);
  const total = `Total: ${formatMoney(booked.quote.totalUsd)}`;
  const intro = [greeting(input.name), `Your ${booked.service} service is booked. Ticket: ${ticketCode}`];
  const ics = `meridian-${booked.service}.ics`;
  return {
    to: input.to,
    subject: `Booking Confirmed! Ticket ${ticketCode}`,
    text: [...intro, booked.about.join("\n"), ["Your quote:", ...lines, total].join("\n"), `The ${booked.entry} is attached as a calendar entry (${ics}).`, `Your bookings: ${input.dashboardUrl}`].join("\n\n") + "\n",
    html: emailLayout("Booking Confirmed!", [...intro, ...booked.about, "Your quote:", ...lines, total], { label: "View my bookings", url: input.dashboardUrl }),
    attachments: [icsAttachment(ics, booked.calendar)],
    kind: "booking_confirmation",
    vars: { customerName: nameInEmail(input.name), ticketCode, service: booked.serviceVar },
  };
}
