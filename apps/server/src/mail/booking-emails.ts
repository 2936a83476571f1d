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
  const lines = d.quote.lines.map((l) => `${l.label}: ${formatMoney(l.amountUsd)}`);
  const total = `Total: ${formatMoney(d.quote.totalUsd)}`;
  const intro = [greeting(input.name), `Your ride service is booked. Ticket: ${ticketCode}`];
  return {
    to: input.to,
    subject: `Booking Confirmed! Ticket ${ticketCode}`,
    text: [...intro, trip.join("\n"), ["Your quote:", ...lines, total].join("\n"), "The ride is attached as a calendar entry (meridian-ride.ics).", `Your bookings: ${input.dashboardUrl}`].join("\n\n") + "\n",
    html: emailLayout("Booking Confirmed!", [...intro, ...trip, "Your quote:", ...lines, total], { label: "View my bookings", url: input.dashboardUrl }),
    attachments: [icsAttachment("meridian-ride.ics", bookingCalendarEvent(d, ticketCode, timeZone, input.dashboardUrl))],
    kind: "booking_confirmation",
    vars: { customerName: nameInEmail(input.name), ticketCode, service: "ride" },
  };
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
  const lines = q.lines.map((l) => `${l.label}: ${formatMoney(l.amountUsd)}`);
  const total = `Total: ${formatMoney(q.totalUsd)}`;
  const intro = [greeting(input.name), `Your valet service is booked. Ticket: ${ticketCode}`];
  return {
    to: input.to,
    subject: `Booking Confirmed! Ticket ${ticketCode}`,
    text: [...intro, event.join("\n"), ["Your quote:", ...lines, total].join("\n"), "The event is attached as a calendar entry (meridian-valet.ics).", `Your bookings: ${input.dashboardUrl}`].join("\n\n") + "\n",
    html: emailLayout("Booking Confirmed!", [...intro, ...event, "Your quote:", ...lines, total], { label: "View my bookings", url: input.dashboardUrl }),
    attachments: [icsAttachment("meridian-valet.ics", bookingCalendarEvent(d, ticketCode, timeZone, input.dashboardUrl))],
    kind: "booking_confirmation",
    vars: { customerName: nameInEmail(input.name), ticketCode, service: "valet service" },
  };
}
