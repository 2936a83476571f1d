// The booking confirmation e-mail: ticket code in the subject, the trip and the itemised quote.
import type { RideDetails } from "@meridian/shared/booking";
import type { Mail } from "./mailer";
import { emailLayout } from "./templates";

const usd = (n: number) => `$${n.toFixed(2)}`;

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
  const lines = d.quote.lines.map((l) => `${l.label}: ${usd(l.amountUsd)}`);
  const total = `Total: ${usd(d.quote.totalUsd)}`;
  const intro = [`Hello ${input.name},`, `Your ride service is booked. Ticket: ${ticketCode}`];
  return {
    to: input.to,
    subject: `Booking Confirmed! Ticket ${ticketCode}`,
    text: [...intro, trip.join("\n"), ["Your quote:", ...lines, total].join("\n"), `Your bookings: ${input.dashboardUrl}`].join("\n\n") + "\n",
    html: emailLayout("Booking Confirmed!", [...intro, ...trip, "Your quote:", ...lines, total], { label: "View my bookings", url: input.dashboardUrl }),
  };
}
