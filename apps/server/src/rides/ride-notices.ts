// The customer's ride e-mails: "Your chauffeur" on assignment and "Your chauffeur has arrived" on location (after
// the commit), and the reminder before pickup: a durable job (jobs/job-runner.ts) scheduled with the booking
// (bookings/ride-reminders.ts), moved by a reschedule, cancelled with the ride, and sent here, skipped if the ride
// is no longer on when it comes due.
import { eq } from "drizzle-orm";
import { firstName } from "@meridian/shared/rides";
import { withArticle } from "@meridian/shared/words";
import type { Db, Tx } from "../db/client";
import { bookings, user } from "../db/schema";
import type { JobHandler } from "../jobs/job-runner";
import { formatWhen } from "../lib/format-when";
import { assignmentNames, type BookingRow, RIDE_REMINDER_JOB, rideFacts } from "../bookings";
import type { Deps } from "../lib/context";
import type { Mail, Mailer } from "../mail/mailer";
import { chauffeurArrivedEmail, chauffeurAssignedEmail, rideReminderEmail, type RideMailFacts } from "../mail/ride-emails";
import { getOperationsSettings } from "../settings/settings.service";

export async function mailFacts(db: Db | Tx, b: BookingRow, publicUrl: string): Promise<RideMailFacts | null> {
  const [owner] = b.userId ? await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, b.userId)) : [];
  const to = b.email ?? owner?.email;
  if (!to || !b.pickupAt) return null;
  const { timeZone } = await getOperationsSettings(db);
  const facts = rideFacts(b);
  const names = await assignmentNames(db, b);
  return {
    to,
    name: owner?.name ?? b.name ?? "there",
    pickup: facts.pickup,
    pickupAddress: facts.pickupAddress,
    dropoff: facts.dropoff,
    when: formatWhen(b.pickupAt, timeZone),
    chauffeurFirstName: names.chauffeurName ? firstName(names.chauffeurName) : null,
    vehicleName: names.vehicleName,
    dashboardUrl: `${publicUrl}/dashboard`,
  };
}

/**
 * After commit: the message that goes with this ride's new state, if any (the e-mails "Your chauffeur" and "has
 * arrived", the text "on the way" to the booking's phone). Never fails the request.
 */
export function sendRideNotice(deps: Deps, b: BookingRow, kind: "assigned" | "en_route" | "arrived") {
  void (async () => {
    if (kind === "en_route") return textOnTheWay(deps, b);
    const facts = await mailFacts(deps.database.db, b, deps.config.publicUrl);
    if (!facts) return;
    await deps.mailer.send(kind === "assigned" ? chauffeurAssignedEmail(facts) : chauffeurArrivedEmail(facts));
  })().catch((err: unknown) => deps.logger.error("ride notice failed", { bookingId: b.id, kind, err: String(err) }));
}

/** "Meridian: your chauffeur James is on the way in an Executive Sedan." to the booking's (or its customer's) phone. */
async function textOnTheWay(deps: Deps, b: BookingRow) {
  const { db } = deps.database;
  const [owner] = b.userId ? await db.select({ phone: user.phone }).from(user).where(eq(user.id, b.userId)) : [];
  const phone = b.phone ?? owner?.phone;
  if (!phone || !b.pickupAt) return;
  const { timeZone } = await getOperationsSettings(db);
  const names = await assignmentNames(db, b);
  const vars = { chauffeur: names.chauffeurName ? firstName(names.chauffeurName) : "", vehicle: names.vehicleName ? withArticle(names.vehicleName) : "a Meridian car", when: formatWhen(b.pickupAt, timeZone) };
  const intro = `Meridian: your chauffeur${vars.chauffeur ? ` ${vars.chauffeur}` : ""} is on the way in ${vars.vehicle}.`;
  await deps.sms.send(phone, `${intro} Pickup: ${vars.when}. Follow your ride: ${deps.config.publicUrl}/dashboard`, { message: { kind: "chauffeur_en_route_sms", vars, intro } });
}

/** The reminder job: sent inside the job's transaction, so it is written exactly once; never for a ride no longer on. */
export function rideReminderHandler(deps: { mailer: Mailer; publicUrl: string }): JobHandler {
  return async (tx, job) => {
    const bookingId = String(job.payload.bookingId ?? "");
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
    if (!b) return "skipped: booking deleted";
    if (b.status !== "pending" && b.status !== "confirmed") return `skipped: ${b.status}`;
    if (b.pickupAt?.toISOString() !== job.payload.pickupAt) return "skipped: rescheduled";
    const facts = await mailFacts(tx, b, deps.publicUrl);
    if (!facts) return "skipped: no e-mail address";
    const reminder: Mail = rideReminderEmail(facts);
    await deps.mailer.send(reminder, { tx });
    return "sent";
  };
}

/** Every job kind this server runs. */
export const jobHandlers = (deps: Deps) => ({ [RIDE_REMINDER_JOB]: rideReminderHandler({ mailer: deps.mailer, publicUrl: deps.config.publicUrl }) });
