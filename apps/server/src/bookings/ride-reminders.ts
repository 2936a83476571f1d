// The reminder before a ride's pickup, as a durable job (jobs/job-runner.ts): scheduled in the transaction that
// books or moves the ride, cancelled with it. The booking's side of it lives here, with the booking; the e-mail is
// sent by the job's handler in rides/ride-notices.ts.
import type { Tx } from "../db/client";
import { cancelJobs, scheduleJob } from "../jobs/job-runner";
import { getOperationsSettings } from "../settings/settings.service";
import type { BookingRow } from "./booking-gate";

export const RIDE_REMINDER_JOB = "ride.reminder";

/** The reminder job of a ride at `pickupAt` (one per booking and pickup time); null when already too close. */
export function rideReminderJob(bookingId: string, pickupAt: Date | null, reminderLeadHours: number, now = new Date()) {
  if (!pickupAt) return null;
  const runAt = new Date(pickupAt.getTime() - reminderLeadHours * 3_600_000);
  if (runAt.getTime() <= now.getTime()) return null; // booked inside the lead time: the confirmation e-mail is the reminder
  const at = pickupAt.toISOString();
  return { kind: RIDE_REMINDER_JOB, key: `${RIDE_REMINDER_JOB}:${bookingId}:${at}`, runAt, payload: { bookingId, pickupAt: at } };
}

/**
 * Schedules the reminder of a ride at its pickup time (one per booking and pickup time); none when already too
 * close. `reminderLeadHours` saves reading the settings again when the caller has them.
 */
export async function scheduleRideReminder(tx: Tx, b: Pick<BookingRow, "id" | "pickupAt">, now = new Date(), reminderLeadHours?: number) {
  if (!b.pickupAt) return;
  const job = rideReminderJob(b.id, b.pickupAt, reminderLeadHours ?? (await getOperationsSettings(tx)).reminderLeadHours, now);
  if (job) await scheduleJob(tx, job);
}

export const cancelRideReminders = (tx: Tx, bookingId: string) => cancelJobs(tx, [RIDE_REMINDER_JOB], "bookingId", bookingId);
