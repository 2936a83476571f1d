// Cancelling. A customer cancels their own booking: free until the cut-off before pickup (admin Settings), then a
// fee (a share of the fare) that they were shown and accept; the fee is recorded on the booking (charging it is
// the payments' job). An admin cancels any booking with a reason, without a fee. Written for every service: a
// booking's start is its pickup time (rides) or its date and start time (valet).
import { and, eq } from "drizzle-orm";
import type { BookingStatus } from "@meridian/shared/booking-status";
import { CANCEL_FEE_CHANGED, cancellationTerms, type CancellationTerms } from "@meridian/shared/rides";
import { toCents } from "@meridian/shared/pricing";
import type { SessionUser } from "../auth";
import type { Db, Tx } from "../db/client";
import { bookings } from "../db/schema";
import type { Deps } from "../lib/context";
import { HttpError, notFound } from "../lib/errors";
import { type AuditActor, writeAudit } from "../lib/audit";
import { getOperationsSettings } from "../settings/settings.service";
import { cancelPaymentJobs, settleBookingNow } from "../payments";
import { mailCancellation } from "./change-notices";
import {
  announceBooking,
  type BookingRow,
  cancelRideReminders,
  type EventActor,
  moveBooking,
  startOf,
} from "../bookings";
import { formatMoney } from "@meridian/shared/money";

export { startOf };


/** The signed-in customer's own booking; anyone else's is not found. */
export async function myBooking(db: Db | Tx, me: SessionUser, id: string): Promise<BookingRow> {
  const [b] = await db.select().from(bookings).where(and(eq(bookings.id, id), eq(bookings.userId, me.id)));
  if (!b) throw notFound("Booking not found.");
  return b;
}

export async function termsFor(db: Db | Tx, b: BookingRow, now = new Date()): Promise<CancellationTerms> {
  const settings = await getOperationsSettings(db);
  return cancellationTerms({ pickupAt: startOf(b, settings.timeZone), now, priceUsd: b.price ?? 0, settings });
}

const customerActor = (me: SessionUser): EventActor => ({ id: me.id, name: me.name, role: me.role ?? "user" });

export async function previewCancellation(db: Db, me: SessionUser, id: string): Promise<CancellationTerms> {
  return termsFor(db, await myBooking(db, me, id));
}

export async function cancelByCustomer(deps: Deps, me: SessionUser, id: string, acceptFeeUsd: number, now = new Date()) {
  const { row, terms } = await deps.database.db.transaction(async (tx) => {
    const b = await myBooking(tx, me, id);
    const terms = await termsFor(tx, b, now);
    if (toCents(acceptFeeUsd) !== toCents(terms.feeUsd)) {
      throw new HttpError(409, "fee_changed", `${CANCEL_FEE_CHANGED} The fee is now ${formatMoney(terms.feeUsd)}.`);
    }
    const note = terms.free ? "Cancelled by the customer, free of charge" : `Cancelled by the customer after the cut-off: fee ${formatMoney(terms.feeUsd)}`;
    const row = await moveBooking(tx, b, "cancelled", "customer", customerActor(me), {
      set: { cancelledAt: now, cancelledBy: "customer", cancelReason: null, cancellationFee: terms.feeUsd },
      note,
    });
    await cancelRideReminders(tx, b.id);
    await cancelPaymentJobs(tx, b.id);
    await mailCancellation(tx, deps, row, { feeUsd: terms.feeUsd });
    return { row, terms };
  });
  announceBooking(deps, row);
  // Within the cut-off only the fee is captured (the rest released); before it, the hold is released.
  await settleBookingNow(deps, row.id);
  return { booking: row, cancellation: terms };
}

export async function cancelByAdmin(deps: Deps, actor: AuditActor & { name: string; role: string }, id: string, reason: string) {
  const row = await deps.database.db.transaction(async (tx) => {
    const [b] = await tx.select().from(bookings).where(eq(bookings.id, id));
    if (!b) throw notFound("Booking not found.");
    const row = await moveBooking(tx, b, "cancelled" as BookingStatus, "admin", { id: actor.id, name: actor.name, role: actor.role }, {
      set: { cancelledAt: new Date(), cancelledBy: "admin", cancelReason: reason, cancellationFee: 0 },
      note: `Cancelled by Meridian: ${reason}`,
    });
    await cancelRideReminders(tx, b.id);
    await cancelPaymentJobs(tx, b.id);
    await mailCancellation(tx, deps, row, { feeUsd: 0, byMeridian: { reason } });
    await writeAudit(tx, actor, { action: "booking.cancel", entity: "booking", entityId: id, before: { status: b.status }, after: { status: "cancelled", reason } });
    return row;
  });
  announceBooking(deps, row);
  await settleBookingNow(deps, row.id); // cancelled by Meridian: no fee, the hold is released
  return row;
}
