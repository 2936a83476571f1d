// Rides never served do not linger (issue 27). A pending or confirmed ride whose pickup is past reads "Overdue" on
// the dispatch board and the Overview at once (isOverdueRide, computed on read). Once its pickup is past by the
// overdue grace period (Settings → Operations), this durable job closes it as `expired`: the move is the one
// place a status changes (moveBooking), which voids the ticket and schedules the settlement that releases the
// card hold; the reminders and payment jobs are cancelled and the customer is e-mailed, all in the job's
// transaction (exactly once). The job is a sweep that schedules its own next run (one row per 5-minute slot, so
// any number of processes schedule it only once); every process schedules the next slot when it starts, so the
// sweep survives a restart and runs on whichever process claims it.
import { and, asc, eq, inArray, lt } from "drizzle-orm";
import { bookings, user } from "../db/schema";
import type { Db, Tx } from "../db/client";
import type { JobHandler } from "../jobs/job-runner";
import { scheduleJob } from "../jobs/job-runner";
import type { Mailer } from "../mail/mailer";
import { emailLayout, greeting, nameInEmail } from "../mail/templates";
import { cancelPaymentJobs } from "../payments";
import { getOperationsSettings } from "../settings/settings.service";
import { cancelRideReminders, moveBooking, rideFacts } from "../bookings";
import { formatWhen } from "../lib/format-when";

export const OVERDUE_SWEEP_JOB = "ride.expire_overdue";
const SWEEP_EVERY_MS = 5 * 60_000;
/** At most this many rides per run (the next run takes the rest). */
const BATCH = 50;

/** The sweep's next run: the next 5-minute slot after `now` (its key names the slot, so it is scheduled once). */
export function overdueSweepJob(now = new Date()) {
  const runAt = new Date(Math.floor(now.getTime() / SWEEP_EVERY_MS + 1) * SWEEP_EVERY_MS);
  return { kind: OVERDUE_SWEEP_JOB, key: `${OVERDUE_SWEEP_JOB}:${runAt.toISOString()}`, runAt, payload: {} };
}

/** Called by every process as it starts: the sweep's next run exists (scheduling it again changes nothing). */
export const scheduleOverdueSweep = (db: Db | Tx, now = new Date()) => scheduleJob(db, overdueSweepJob(now));

export const EXPIRED_NOTE = "Expired: not served by the overdue grace period after pickup; the card hold released";

export function expiredEmail(f: { to: string; name: string; when: string; pickup: string; dropoff: string; url: string }) {
  const lines = [
    greeting(f.name),
    `We are sorry: your ride on ${f.when} from ${f.pickup} to ${f.dropoff} could not be served, and it has been closed.`,
    "Your card was not charged, and the amount held on it has been released.",
    "We would be glad to drive you another time.",
  ];
  return { to: f.to, subject: `Your ride on ${f.when} could not be served`, text: `${lines.join("\n\n")}\n\n${f.url}\n`, html: emailLayout("Ride not served", lines, { label: "Book again", url: f.url }), kind: "ride_expired", vars: { customerName: nameInEmail(f.name), when: f.when } };
}

/** The sweep: closes the rides overdue by more than the grace period, then schedules its next run. */
export function overdueSweepHandler(deps: { mailer: Mailer; publicUrl: string }): JobHandler {
  return async (tx, job, now) => {
    const { overdueGraceMinutes, timeZone } = await getOperationsSettings(tx);
    const before = new Date(now.getTime() - overdueGraceMinutes * 60_000);
    const due = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.service, "ride"), inArray(bookings.status, ["pending", "confirmed"]), lt(bookings.pickupAt, before)))
      .orderBy(asc(bookings.pickupAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    for (const b of due) {
      await moveBooking(tx, b, "expired", "system", { id: null, name: "Meridian", role: "system" }, { note: EXPIRED_NOTE });
      await cancelRideReminders(tx, b.id);
      await cancelPaymentJobs(tx, b.id);
      const [owner] = b.userId ? await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, b.userId)) : [];
      const to = b.email ?? owner?.email;
      if (to && b.pickupAt) {
        const f = rideFacts(b);
        await deps.mailer.send(expiredEmail({ to, name: owner?.name ?? b.name ?? "there", when: formatWhen(b.pickupAt, timeZone), pickup: f.pickup, dropoff: f.dropoff, url: deps.publicUrl }), { tx });
      }
    }
    // The slot after this run's own (and after now): never this row's key again, even when it ran early.
    const slot = Date.parse(job.key.slice(OVERDUE_SWEEP_JOB.length + 1));
    await scheduleJob(tx, overdueSweepJob(new Date(Math.max(now.getTime(), Number.isNaN(slot) ? 0 : slot))));
    return `expired ${due.length}`;
  };
}
