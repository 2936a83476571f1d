// The ride's e-mails to the customer: the chauffeur assigned, the chauffeur arrived, and the reminder the day before.
import type { Mail } from "./mailer";
import { emailLayout, greeting, nameInEmail } from "./templates";
import { withArticle } from "@meridian/shared/words";

export type RideMailFacts = {
  to: string;
  name: string;
  pickup: string;
  pickupAddress: string;
  dropoff: string;
  /** "Wednesday, November 25 at 9:30 AM", in the service's time zone. */
  when: string;
  chauffeurFirstName: string | null;
  vehicleName: string | null;
  dashboardUrl: string;
};

function mail(kind: "chauffeur_assigned" | "chauffeur_arrived" | "ride_reminder" | "flight_pickup_moved" | "flight_cancelled" | "flight_diverted", f: RideMailFacts & { flight?: string }, subject: string, title: string, lines: string[]): Mail {
  const all = [greeting(f.name), ...lines, `Pickup: ${f.pickup}${f.pickupAddress && f.pickupAddress !== f.pickup ? ` (${f.pickupAddress})` : ""}`, `Dropoff: ${f.dropoff}`, `When: ${f.when}`];
  return {
    to: f.to,
    subject,
    text: `${all.join("\n\n")}\n\nFollow your ride: ${f.dashboardUrl}\n`,
    html: emailLayout(title, all, { label: "Follow your ride", url: f.dashboardUrl }),
    kind,
    vars: { customerName: nameInEmail(f.name), chauffeur: f.chauffeurFirstName ? nameInEmail(f.chauffeurFirstName) : "Your chauffeur", vehicle: f.vehicleName ? withArticle(f.vehicleName) : "a Meridian car", when: f.when, ...(f.flight ? { flight: f.flight } : {}) },
  };
}

const driver = (f: RideMailFacts) => `${f.chauffeurFirstName ? nameInEmail(f.chauffeurFirstName) : "Your chauffeur"}${f.vehicleName ? `, in ${withArticle(f.vehicleName)}` : ""}`;

export const chauffeurAssignedEmail = (f: RideMailFacts) =>
  mail("chauffeur_assigned", f, `Your chauffeur: ${driver(f)}`, "Your chauffeur", [`${driver(f)}, will drive you.`]);

export const chauffeurArrivedEmail = (f: RideMailFacts) =>
  mail("chauffeur_arrived", f, "Your chauffeur has arrived", "Your chauffeur has arrived", [`${driver(f)}, is waiting for you at the pickup.`]);

export const rideReminderEmail = (f: RideMailFacts) =>
  mail("ride_reminder", f, `Reminder: your ride on ${f.when}`, "See you soon", [
    f.chauffeurFirstName ? `${driver(f)}, will drive you.` : "Your chauffeur will be confirmed shortly.",
  ]);

/** An airport pickup moved with its flight: `flight` "AA100", `change` "lands 45 minutes late" / "lands 20 minutes early". */
export const flightPickupMovedEmail = (f: RideMailFacts & { flight: string; change: string; limited: boolean }) =>
  mail("flight_pickup_moved", f, `Your pickup has moved: ${f.when}`, "Your pickup has moved", [
    `Flight ${f.flight} ${f.change}, so we have moved your pickup. ${f.chauffeurFirstName ? `${driver(f)}, will` : "Your chauffeur will"} meet you at the new time below.`,
    f.limited ? "Your flight moved further than we can follow on our own: we will call you to confirm the pickup." : "Nothing to do on your side; your included waiting time starts at the new time.",
  ]);

/** An airport pickup whose flight the airline cancelled. */
export const flightCancelledEmail = (f: RideMailFacts & { flight: string }) =>
  mail("flight_cancelled", f, `Flight ${f.flight} is cancelled`, "Your flight is cancelled", [
    `The airline reports flight ${f.flight} as cancelled. Your ride stays booked for now: reply to this e-mail or reschedule it from your dashboard with your new flight, and we will meet you.`,
  ]);

/** An airport pickup whose flight the airline diverted to another airport: the pickup stays, the desk calls. */
export const flightDivertedEmail = (f: RideMailFacts & { flight: string }) =>
  mail("flight_diverted", f, `Flight ${f.flight} is diverted`, "Your flight is diverted", [
    `The airline reports flight ${f.flight} as diverted to another airport. Your pickup stays booked as below for now: we will call you to arrange it, or reply to this e-mail with where and when you land.`,
  ]);
