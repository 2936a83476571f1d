// Following an airport pickup's flight: a durable job (jobs/job-runner.ts, two steps: the provider is asked outside
// any transaction, the booking is changed in the job's transaction) that starts FOLLOW_LEAD_HOURS before the
// scheduled arrival and looks again every 30 minutes, every 10 in the last hour, until the flight lands (or is
// cancelled or diverted: then the desk decides; a diversion is a toast on the desk's screens and an e-mail to the
// customer, the pickup stays). Each look stores the live status in the booking's details (the
// chauffeur, the desk and the customer see it); a delay or an early landing moves the pickup (the landing plus the
// buffer booked, within PICKUP_MOVE_LIMITS), tells the customer by e-mail and the screens by a realtime event.
// Each run schedules the next as a new row: a restart loses nothing (the rows are in the database).
import { and, eq, inArray } from "drizzle-orm";
import { FLIGHT_DIVERTED_TITLE, flightDivertedNotice, minutesBetween, movedPickup, type BookingFlight, type FlightStatus } from "@meridian/shared/flights";
import type { DeskNotice } from "@meridian/shared/realtime";
import type { RideDetails } from "@meridian/shared/booking-details";
import { wallClock } from "@meridian/shared/zoned-time";
import { airportCodeOf } from "@meridian/shared/flights";
import type { Tx } from "../db/client";
import { bookings, user } from "../db/schema";
import { scheduleJob, type Job, type TwoStepJobHandler } from "../jobs/job-runner";
import type { Deps } from "../lib/context";
import { flightCancelledEmail, flightDivertedEmail, flightPickupMovedEmail } from "../mail/ride-emails";
import {
  announceBooking,
  type BookingRow,
  cancelRideReminders,
  FLIGHT_FOLLOW_JOB,
  followJobAt as jobAt,
  scheduleRideReminder,
  stampEvent,
} from "../bookings";
import { formatWhen } from "../lib/format-when";
import { mailFacts } from "../rides/ride-notices";
import { getOperationsSettings } from "../settings/settings.service";

/** The ride statuses whose pickup still follows the flight (not once the chauffeur is at the curb). */
const FOLLOWING = ["pending", "confirmed", "en_route"];
/** A change smaller than this leaves the pickup where it is. */
const MOVE_THRESHOLD_MINUTES = 5;
const SYSTEM = { id: null, name: "Meridian", role: "system" } as const;

/** When to look again: every 30 minutes while the landing is more than an hour away, then every 10. */
export function nextLookAt(now: Date, estimatedArrival: Date): Date {
  const step = estimatedArrival.getTime() - now.getTime() > 3_600_000 ? 30 : 10;
  return new Date(now.getTime() + step * 60_000);
}

type Looked = { skip: string } | { bookingId: string; flight: BookingFlight; status: FlightStatus | null };

async function followedBooking(db: Deps["database"]["db"] | Tx, job: Job, lock = false): Promise<{ b: BookingRow; d: RideDetails & { flight: BookingFlight } } | { skip: string }> {
  const q = db.select().from(bookings).where(eq(bookings.id, String(job.payload.bookingId ?? "")));
  const [b] = lock ? await q.for("update") : await q;
  if (!b) return { skip: "skipped: booking deleted" };
  const d = b.details;
  if (d.service !== "ride" || !d.flight) return { skip: "skipped: no flight" };
  if (!FOLLOWING.includes(b.status)) return { skip: `skipped: ${b.status}` };
  return { b, d: { ...d, flight: d.flight } };
}

function changeWords(delayMinutes: number): string {
  if (delayMinutes > 0) return `now lands ${delayMinutes} minutes late`;
  if (delayMinutes < 0) return `now lands ${-delayMinutes} minutes early`;
  return "is back on time";
}

export function flightFollowHandler(deps: Deps): TwoStepJobHandler<Looked> {
  return {
    async call(job, now) {
      const found = await followedBooking(deps.database.db, job);
      if ("skip" in found) return found;
      const { b, d } = found;
      const status = await deps.flights.status({ flightNumber: d.flight.flightNumber, date: d.flight.date, arrivalAirport: airportCodeOf(d.pickup) }, now);
      return { bookingId: b.id, flight: d.flight, status };
    },
    async record(tx, job, now, looked) {
      if ("skip" in looked) return looked.skip;
      const found = await followedBooking(tx, job, true);
      if ("skip" in found) return found.skip;
      const { b, d } = found;
      if (d.flight.flightNumber !== looked.flight.flightNumber || d.flight.date !== looked.flight.date) return "skipped: another flight";
      const status = looked.status;
      const settings = await getOperationsSettings(tx);
      if (!status) {
        // The provider no longer knows the flight: look again later, the pickup stays.
        const next = new Date(now.getTime() + 30 * 60_000);
        if (next.getTime() < Date.parse(d.flight.scheduledArrival) + 2 * 3_600_000) await scheduleJob(tx, jobAt(b.id, next));
        return "flight unknown to the provider";
      }
      const live: BookingFlight["live"] = {
        phase: status.phase,
        estimatedArrival: status.estimatedArrival,
        actualArrival: status.actualArrival,
        delayMinutes: status.delayMinutes,
        terminal: status.terminal,
        gate: status.gate,
        baggageBelt: status.baggageBelt,
        checkedAt: now.toISOString(),
      };
      const wasCancelled = d.flight.live?.phase === "cancelled";
      const wasDiverted = d.flight.live?.phase === "diverted";
      const flight: BookingFlight = { ...d.flight, live };
      let details: RideDetails = { ...d, flight };
      let pickupAt = b.pickupAt!;
      let moved: { limited: boolean } | null = null;
      if (status.phase !== "cancelled" && status.phase !== "diverted") {
        const bookedPickupAt = new Date(Date.parse(d.flight.scheduledArrival) + d.flight.bufferMinutes * 60_000);
        const next = movedPickup({ bookedPickupAt, bufferMinutes: d.flight.bufferMinutes, estimatedArrival: new Date(status.estimatedArrival) });
        if (Math.abs(minutesBetween(pickupAt, next.pickupAt)) >= MOVE_THRESHOLD_MINUTES) {
          pickupAt = next.pickupAt;
          const clock = wallClock(pickupAt, settings.timeZone);
          details = { ...details, date: clock.date, time: clock.time };
          moved = { limited: next.limited };
        }
      }
      const [row] = await tx
        .update(bookings)
        .set({ details, pickupAt, bookingDate: details.date, updatedAt: now })
        .where(and(eq(bookings.id, b.id), inArray(bookings.status, FOLLOWING)))
        .returning();
      if (!row) return "skipped: status changed";
      const mailTo = async (mail: (f: NonNullable<Awaited<ReturnType<typeof mailFacts>>>) => Parameters<Deps["mailer"]["send"]>[0]) => {
        const facts = await mailFacts(tx, row, deps.config.publicUrl);
        if (facts) await deps.mailer.send(mail(facts), { tx });
      };
      let result = `${status.phase}, ${status.delayMinutes >= 0 ? "+" : ""}${status.delayMinutes} min`;
      if (moved) {
        const when = formatWhen(pickupAt, settings.timeZone);
        await stampEvent(tx, b.id, b.status, b.status, SYSTEM, `Pickup moved from ${formatWhen(b.pickupAt!, settings.timeZone)} to ${when}: flight ${flight.flightNumber} ${changeWords(status.delayMinutes)}${moved.limited ? " (beyond the limit: call the customer)" : ""}`);
        await cancelRideReminders(tx, b.id);
        await scheduleRideReminder(tx, row, now, settings.reminderLeadHours);
        await mailTo((f) => flightPickupMovedEmail({ ...f, flight: flight.flightNumber, change: changeWords(status.delayMinutes).replace(/^now /, ""), limited: moved.limited }));
        result += `; pickup moved to ${pickupAt.toISOString()}`;
      }
      if (status.phase === "cancelled" && !wasCancelled) {
        await stampEvent(tx, b.id, b.status, b.status, SYSTEM, `Flight ${flight.flightNumber} is cancelled: call the customer`);
        await mailTo((f) => flightCancelledEmail({ ...f, flight: flight.flightNumber }));
      }
      let notice: DeskNotice | undefined;
      if (status.phase === "diverted" && !wasDiverted) {
        const when = formatWhen(pickupAt, settings.timeZone);
        await stampEvent(tx, b.id, b.status, b.status, SYSTEM, `Flight ${flight.flightNumber} is diverted: call the customer`);
        await mailTo((f) => flightDivertedEmail({ ...f, flight: flight.flightNumber }));
        const [customer] = await tx.select({ name: user.name }).from(user).where(eq(user.id, row.userId ?? ""));
        notice = { title: FLIGHT_DIVERTED_TITLE, description: flightDivertedNotice(flight.flightNumber, customer?.name ?? row.name ?? "the customer", when) };
      }
      // Look again until the flight has landed (or the desk has to decide), never past two hours after the landing.
      const done = status.phase === "landed" || status.phase === "cancelled" || status.phase === "diverted";
      const lastLook = Date.parse(status.estimatedArrival) + 2 * 3_600_000;
      if (!done && now.getTime() < lastLook) await scheduleJob(tx, jobAt(b.id, nextLookAt(now, new Date(status.estimatedArrival))));
      // The screens (customer, chauffeur, desk) read the booking again once the job's transaction has committed.
      return { result, afterCommit: () => announceBooking(deps, row, null, notice) };
    },
  };
}

export const flightJobHandlers = (deps: Deps) => ({ [FLIGHT_FOLLOW_JOB]: flightFollowHandler(deps) });
