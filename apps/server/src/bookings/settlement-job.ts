// The durable safety net of a booking's settlement (capture at completion or no-show, the fee or a release at
// cancellation): scheduled in the SAME transaction as the status move, a minute ahead. The request tries the
// settlement at once after its commit; when that fails (provider down, process gone) this job does it, with
// backoff. Both use the booking's fixed provider key, so doing it twice never charges twice.
// The gate (booking-gate.ts) schedules it by its kind; payments' handler (jobs/handlers.ts) does the settling, so
// bookings never imports payments.
import type { Tx } from "../db/client";
import { scheduleJob } from "../jobs/job-runner";

export const SETTLE_JOB = "payment.settle";
/** The statuses whose move settles the card. */
export const SETTLING_STATUSES = ["completed", "cancelled", "no_show", "expired"] as const;
const GRACE_MS = 60_000;

export async function scheduleSettlement(tx: Tx, booking: { id: string; status: string }, now = new Date()) {
  if (!(SETTLING_STATUSES as readonly string[]).includes(booking.status)) return;
  await scheduleJob(tx, {
    kind: SETTLE_JOB,
    key: `${SETTLE_JOB}:${booking.id}:${booking.status}`,
    runAt: new Date(now.getTime() + GRACE_MS),
    payload: { bookingId: booking.id },
  });
}
