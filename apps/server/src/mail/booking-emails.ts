// The booking confirmation e-mails: ticket code in the subject, the trip or the event, and the itemised quote;
// a valet booking also carries the event as an .ics calendar entry.
import { serviceAreaDateTime } from "@meridian/shared/booking";
import type { RideDetails, ValetDetails } from "@meridian/shared/booking-details";
import { formatMoney } from "@meridian/shared/money";
import { formatDuration } from "@meridian/shared/valet";
import { formatClock } from "@meridian/shared/valet-pricing";
import { icsCalendar } from "./ics";
import type { Mail } from "./mailer";
import { emailLayout } from "./templates";

export function bookingConfirmationEmail(input: {
  to: string;
  name: string;
  ticketCode: string;
  details: RideDetails;
  dashboardUrl: string;
}): Mail {
  const { details: d, ticketCode } = input;
  const people = `${d.passengers} passenger${d.passengers === 1 ? "" : "s"}, ${d.luggage} bag${d.luggage === 1 ? "" : "s"}`;
  const trip = [
    `Pickup: ${d.pickup.name} (${d.pickup.address})`,
    `Dropoff: ${d.dropoff.name} (${d.dropoff.address})`,
    `Date: ${d.date} at ${d.time} (Los Angeles time)`,
    `Vehicle: ${d.quote.vehicleName}, ${people}`,
    `Distance: ${d.quote.miles.toFixed(1)} miles, about ${d.quote.minutes} minutes`,
  ];
  const lines = d.quote.lines.map((l) => `${l.label}: ${formatMoney(l.amountUsd)}`);
  const total = `Total: ${formatMoney(d.quote.totalUsd)}`;
  const intro = [`Hello ${input.name},`, `Your ride service is booked. Ticket: ${ticketCode}`];
  return {
    to: input.to,
    subject: `Booking Confirmed! Ticket ${ticketCode}`,
    text: [...intro, trip.join("\n"), ["Your quote:", ...lines, total].join("\n"), `Your bookings: ${input.dashboardUrl}`].join("\n\n") + "\n",
    html: emailLayout("Booking Confirmed!", [...intro, ...trip, "Your quote:", ...lines, total], { label: "View my bookings", url: input.dashboardUrl }),
  };
}

export function valetBookingConfirmationEmail(input: { to: string; name: string; ticketCode: string; details: ValetDetails; dashboardUrl: string }): Mail {
  const { details: d, ticketCode } = input;
  const q = d.quote;
  const when = `${d.date}, ${formatClock(d.startTime)} to ${formatClock(d.endTime)} (Los Angeles time, ${formatDuration(d.durationMinutes)})`;
  // Addresses often start with the place's name already ("The Beverly Hills Hotel, 9641 Sunset Blvd, ...").
  const { name, address: line } = d.address;
  const address = !line || line.startsWith(name) ? line || name : `${name}, ${line}`;
  const event = [
    `Event: ${q.eventLabel}, for ${d.customerName}`,
    `Date: ${when}`,
    `Address: ${address}`,
    `Expected vehicles: ${d.expectedVehicles}${q.expectedVehiclesDefaulted ? " (our estimate; tell us if you expect more)" : ""}`,
    `Attendants: ${d.attendants}`,
    ...(d.notes ? [`Special instructions: ${d.notes}`] : []),
  ];
  const lines = q.lines.map((l) => `${l.label}: ${formatMoney(l.amountUsd)}`);
  const total = `Total: ${formatMoney(q.totalUsd)}`;
  const intro = [`Hello ${input.name},`, `Your valet service is booked. Ticket: ${ticketCode}`];
  const calendar = icsCalendar({
    uid: `${ticketCode}@meridian`,
    start: serviceAreaDateTime(d.date, d.startTime),
    end: serviceAreaDateTime(d.date, d.endTime),
    summary: `Meridian event valet: ${q.eventLabel}`,
    location: address,
    description: `Ticket ${ticketCode}. ${d.attendants} valet attendants for about ${d.expectedVehicles} vehicles. Your bookings: ${input.dashboardUrl}`,
  });
  return {
    to: input.to,
    subject: `Booking Confirmed! Ticket ${ticketCode}`,
    text: [...intro, event.join("\n"), ["Your quote:", ...lines, total].join("\n"), "The event is attached as a calendar entry (meridian-valet.ics).", `Your bookings: ${input.dashboardUrl}`].join("\n\n") + "\n",
    html: emailLayout("Booking Confirmed!", [...intro, ...event, "Your quote:", ...lines, total], { label: "View my bookings", url: input.dashboardUrl }),
    attachments: [{ filename: "meridian-valet.ics", contentType: "text/calendar; charset=utf-8; method=PUBLISH", content: calendar }],
  };
}
