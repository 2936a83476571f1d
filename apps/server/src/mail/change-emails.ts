// The e-mails that follow a booking's change: cancelled (with the fee, if any) and rescheduled (a new
// confirmation). Each carries the calendar entry's next version: the same UID as the confirmation's .ics, a
// higher SEQUENCE, and METHOD:CANCEL for a cancellation, so the customer's calendar moves or removes its event.
import type { BookingDetails } from "@meridian/shared/booking-details";
import { formatMoney } from "@meridian/shared/money";
import { bookingCalendarEvent, rideLines, valetWhen } from "./booking-emails";
import { icsAttachment } from "./ics";
import type { Mail } from "./mailer";
import { emailLayout, greeting, nameInEmail } from "./templates";


export type ChangeMailFacts = {
  to: string;
  name: string;
  ticketCode: string;
  details: BookingDetails;
  timeZone: string;
  /** The calendar entry's version: higher than any sent before for this booking. */
  sequence: number;
  dashboardUrl: string;
};

const what = (d: BookingDetails, timeZone: string) =>
  d.service === "ride" ? rideLines(d, timeZone) : [`Event: ${d.quote.eventLabel}`, `Date: ${valetWhen(d, timeZone)}`];

const file = (d: BookingDetails) => (d.service === "ride" ? "meridian-ride.ics" : "meridian-valet.ics");

/** Cancelled by the customer (`feeUsd` is the fee they accepted, 0 when free) or by Meridian (`reason`). */
export function bookingCancelledEmail(f: ChangeMailFacts & { feeUsd: number; byMeridian?: { reason: string } }): Mail {
  const service = f.details.service === "ride" ? "ride" : "valet service";
  const money = f.byMeridian
    ? "You will not be charged: any amount held on your card has been released."
    : f.feeUsd > 0
      ? `Cancellation fee: ${formatMoney(f.feeUsd)}, charged to your card as agreed; the rest of the amount held has been released.`
      : "No cancellation fee: your card was not charged, and any amount held on it has been released.";
  const lines = [
    greeting(f.name),
    f.byMeridian ? `We are sorry: Meridian has cancelled your ${service} (ticket ${f.ticketCode}). Reason: ${f.byMeridian.reason}` : `Your ${service} is cancelled (ticket ${f.ticketCode}). Your ticket is void.`,
    ...what(f.details, f.timeZone),
    money,
  ];
  const calendar = bookingCalendarEvent(f.details, f.ticketCode, f.timeZone, f.dashboardUrl, { sequence: f.sequence, method: "CANCEL" });
  return {
    to: f.to,
    subject: `Booking Cancelled: Ticket ${f.ticketCode}`,
    text: `${lines.join("\n\n")}\n\nThe attached calendar entry (${file(f.details)}) removes the booking from your calendar.\n\nYour bookings: ${f.dashboardUrl}\n`,
    html: emailLayout("Booking Cancelled", lines, { label: "View my bookings", url: f.dashboardUrl }),
    attachments: [icsAttachment(file(f.details), calendar)],
    kind: "booking_cancelled",
    vars: { customerName: nameInEmail(f.name), ticketCode: f.ticketCode, service },
  };
}

/** The new confirmation of a rescheduled ride: the new time, the price, and the updated calendar entry. */
export function bookingRescheduledEmail(f: ChangeMailFacts & { previous: string }): Mail {
  const d = f.details;
  const lines = [
    greeting(f.name),
    `Your ride is rescheduled. Ticket: ${f.ticketCode}`,
    `It was: ${f.previous}`,
    ...what(d, f.timeZone),
    `Total: ${formatMoney(d.quote.totalUsd)}`,
  ];
  const calendar = bookingCalendarEvent(d, f.ticketCode, f.timeZone, f.dashboardUrl, { sequence: f.sequence });
  return {
    to: f.to,
    subject: `Booking Rescheduled: Ticket ${f.ticketCode}`,
    text: `${lines.join("\n\n")}\n\nThe updated calendar entry is attached (${file(d)}).\n\nYour bookings: ${f.dashboardUrl}\n`,
    html: emailLayout("Booking Rescheduled", lines, { label: "View my bookings", url: f.dashboardUrl }),
    attachments: [icsAttachment(file(d), calendar)],
    kind: "booking_rescheduled",
    vars: { customerName: nameInEmail(f.name), ticketCode: f.ticketCode },
  };
}
