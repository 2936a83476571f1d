// Tips after a completed service (POST /api/me/bookings/:id/tip). A tip is its own PaymentIntent on the card
// the booking was paid with, authorised and captured at once (provider key "tip:<bookingId>:<key>"), recorded
// as a payment of kind "tip", and shared out in tip_allocations: a ride's tip to its chauffeur, a valet
// booking's to the attendants who worked its cars, evenly to the cent.
//
// One tip per booking. Before the provider is called (never inside a transaction) the tip is claimed with an
// idempotency row "tip:<bookingId>" committed on its own: a retry with the same Idempotency-Key and amount goes
// on (the provider answers it with the same intent, so no second charge) and a different request is refused.
import crypto from "node:crypto";
import { and, asc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { fromCents, toCents } from "@meridian/shared/pricing";
import { firstName } from "@meridian/shared/rides";
import {
  splitCents,
  TIP_ALREADY_GIVEN_MESSAGE,
  TIP_IN_PROGRESS_MESSAGE,
  TIP_NO_CARD_MESSAGE,
  TIP_NOT_CHARGED_MESSAGE,
  TIP_NOT_COMPLETED_MESSAGE,
  tipMaxUsd,
  tipPresetGoneMessage,
  tipTooLargeMessage,
  type TipInput,
  type TipResponse,
} from "@meridian/shared/tips";
import { zonedInstant } from "@meridian/shared/zoned-time";
import type { SessionUser } from "../auth";
import type { Db, Tx } from "../db/client";
import { bookingEvents, bookings, idempotencyKeys, payments, shifts, ticketEvents, tickets, tipAllocations, user } from "../db/schema";
import type { Deps } from "../lib/context";
import { badRequest, conflict, HttpError, notFound } from "../lib/errors";
import { getOperationsSettings } from "../settings/settings.service";
import { getSettings } from "../settings/store";
import { bookingCharge, paymentErrorToHttp, tipsOf } from "./charges";
import { recordPayment } from "./payments.service";
import type { AuthorizeInput, PaymentIntent, PaymentProvider } from "../lib/payment-provider";
import { scheduleHoldSweep } from "./hold-sweep";

type BookingRow = typeof bookings.$inferSelect;

export type TipOutcome = { status: 201; body: TipResponse; replayed: boolean };

const claimKey = (bookingId: string) => `tip:${bookingId}`;
const hashOf = (key: string, amountCents: number) => crypto.createHash("sha256").update(JSON.stringify({ key, amountCents })).digest("hex");

export async function addTip(deps: Deps, me: SessionUser, bookingId: string, key: string, input: TipInput): Promise<TipOutcome> {
  const db = deps.database.db;
  const [booking] = await db.select().from(bookings).where(and(eq(bookings.id, bookingId), eq(bookings.userId, me.id)));
  if (!booking) throw notFound("Booking not found.");
  const amountCents = toCents(input.amountUsd);
  const hash = hashOf(key, amountCents);

  // A retry of a tip already made answers what it answered, whatever has changed since.
  const [earlier] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, me.id), eq(idempotencyKeys.key, claimKey(bookingId))));
  if (earlier?.requestHash === hash && earlier.responseStatus === 201 && earlier.responseBody) {
    return { status: 201, body: earlier.responseBody as TipResponse, replayed: true };
  }

  if (booking.status !== "completed") throw conflict(TIP_NOT_COMPLETED_MESSAGE, "not_completed");
  if (input.percent !== undefined) {
    const { tipPresetPercents } = await getSettings(db, "payments");
    if (!tipPresetPercents.includes(input.percent)) throw badRequest(tipPresetGoneMessage(tipPresetPercents), { percent: tipPresetGoneMessage(tipPresetPercents) });
  }
  const max = tipMaxUsd(booking.price ?? 0);
  if (amountCents > toCents(max)) throw badRequest(tipTooLargeMessage(max), { amountUsd: tipTooLargeMessage(max) });
  if (!earlier && (await tipsOf(db, bookingId)).length) throw conflict(TIP_ALREADY_GIVEN_MESSAGE, "tip_exists");
  const charge = await bookingCharge(db, bookingId);
  if (!charge?.paymentMethod) throw conflict(TIP_NO_CARD_MESSAGE, "no_card");

  // Claim the booking's tip (committed on its own, before any money moves).
  if (!earlier) {
    const claimed = await db
      .insert(idempotencyKeys)
      .values({ userId: me.id, key: claimKey(bookingId), requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed.length) {
      const [row] = await db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, me.id), eq(idempotencyKeys.key, claimKey(bookingId))));
      if (row && row.requestHash !== hash) throw conflict(TIP_IN_PROGRESS_MESSAGE, "tip_in_progress");
    }
  } else if (earlier.requestHash !== hash) {
    if (earlier.responseStatus === 201) throw conflict(TIP_ALREADY_GIVEN_MESSAGE, "tip_exists");
    throw conflict(TIP_IN_PROGRESS_MESSAGE, "tip_in_progress");
  }

  const providerKey = `tip:${bookingId}:${key}`;
  let intent: PaymentIntent;
  try {
    const request: AuthorizeInput = {
      amountCents,
      paymentMethod: charge.paymentMethod,
      // Stripe: the saved card belongs to the Customer it was saved to at booking.
      ...(charge.customerRef ? { customer: charge.customerRef } : {}),
      description: `Tip for Meridian booking ${bookingId.slice(0, 8).toUpperCase()}`,
      metadata: { bookingId, userId: me.id, kind: "tip" },
    };
    // Should this process die between the authorisation and the capture, the sweep releases the hold.
    await scheduleHoldSweep(db, { providerKey, request });
    intent = await deps.payments.authorize(request, providerKey);
    if (intent.status === "requires_action") {
      await deps.payments.cancel(intent.id, `${providerKey}:cancel`).catch(() => undefined);
      throw new HttpError(402, "authentication_required", "Your bank asks you to confirm this payment, which cannot be done for a tip. Please contact us.");
    }
    if (intent.status === "requires_capture") intent = await deps.payments.capture(intent.id, undefined, `${providerKey}:capture`);
  } catch (err) {
    // Nothing was charged: free the claim so the customer can try again.
    await releaseTipClaim(db, me.id, bookingId, hash);
    if (err instanceof HttpError) throw err;
    // invalid_state: this key's hold was released meanwhile (the sweep, after a process died before capturing).
    throw paymentErrorToHttp(err, { invalid_state: conflict(TIP_NOT_CHARGED_MESSAGE, "tip_not_charged") });
  }

  // Released meanwhile (a process died between the authorisation and the capture, and the sweep let the hold go):
  // this key's intent can never be captured now; the claim is freed and the customer tips again with a new key.
  if (intent.status !== "succeeded") {
    await releaseTipClaim(db, me.id, bookingId, hash);
    throw conflict(TIP_NOT_CHARGED_MESSAGE, "tip_not_charged");
  }
  const body = await db.transaction((tx) => recordTip(tx, deps.payments.kind, booking, intent, { paymentMethod: charge.paymentMethod!, userId: me.id }));
  return { status: 201, body, replayed: false };
}

/** Frees a tip's claim (nothing charged), so the customer can tip again; `hash`: only that request's claim. */
export async function releaseTipClaim(db: Db | Tx, userId: string, bookingId: string, hash?: string): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, claimKey(bookingId)), isNull(idempotencyKeys.responseStatus), hash ? eq(idempotencyKeys.requestHash, hash) : undefined));
}

/**
 * Records a captured tip (its payment, its shares, the claim's answer), once: by the request, by its retry, or by
 * the hold sweep when the process died between the capture and this (payments/hold-sweep.ts).
 */
export async function recordTip(tx: Tx, provider: PaymentProvider["kind"], booking: BookingRow, intent: PaymentIntent, who: { paymentMethod: string; userId: string }): Promise<TipResponse> {
  // recordPayment's upsert holds the payment's row: a concurrent retry waits here and then finds the shares.
  const payment = await recordPayment(tx, provider, intent, booking.id, "tip", { paymentMethod: who.paymentMethod });
  const existing = await tx.select({ id: tipAllocations.id }).from(tipAllocations).where(eq(tipAllocations.paymentId, payment.id)).limit(1);
  if (!existing.length) {
    const staff = await tipRecipients(tx, booking);
    const shares = splitCents(payment.capturedCents, Math.max(1, staff.length));
    await tx.insert(tipAllocations).values(
      staff.length
        ? staff.map((s, i) => ({ paymentId: payment.id, bookingId: booking.id, staffId: s.id, amountCents: shares[i]! }))
        : [{ paymentId: payment.id, bookingId: booking.id, staffId: null, amountCents: payment.capturedCents }],
    );
  }
  const response = await tipResponse(tx, payment.id);
  await tx
    .update(idempotencyKeys)
    .set({ responseStatus: 201, responseBody: response })
    .where(and(eq(idempotencyKeys.userId, who.userId), eq(idempotencyKeys.key, claimKey(booking.id))));
  return response;
}

async function tipResponse(tx: Tx, paymentId: string): Promise<TipResponse> {
  const [p] = await tx.select().from(payments).where(eq(payments.id, paymentId));
  const shares = await tx
    .select({ name: user.name, amountCents: tipAllocations.amountCents })
    .from(tipAllocations)
    .leftJoin(user, eq(tipAllocations.staffId, user.id))
    .where(eq(tipAllocations.paymentId, paymentId))
    .orderBy(asc(tipAllocations.staffId));
  return {
    tip: {
      bookingId: p!.bookingId!,
      amountUsd: fromCents(p!.capturedCents),
      card: p!.cardBrand && p!.cardLast4 ? { brand: p!.cardBrand, last4: p!.cardLast4 } : null,
      createdAt: p!.createdAt.toISOString(),
      recipients: shares.map((s) => ({ name: s.name ? firstName(s.name) : "The Meridian team", amountUsd: fromCents(s.amountCents) })),
    },
  };
}

/**
 * Who a booking's tip goes to, sorted by id (so the remainder cents of an even split always go to the same
 * people): a ride's chauffeur (the assigned one, else whoever drove it as the timeline says); for valet, the
 * attendants who handled its cars (every staff member on its tickets' timelines, who checked a car in or
 * fetched it), else the valet attendants on shift during the event. Empty when nobody can be named: the tip
 * is then recorded for the team (staffId null).
 */
export async function tipRecipients(db: Db | Tx, booking: BookingRow): Promise<{ id: string; name: string }[]> {
  const people = async (ids: string[]) =>
    ids.length ? db.select({ id: user.id, name: user.name, role: user.role }).from(user).where(inArray(user.id, [...new Set(ids)])).orderBy(asc(user.id)) : [];

  if (booking.service === "ride") {
    if (booking.chauffeurId) return (await people([booking.chauffeurId])).map(({ id, name }) => ({ id, name }));
    const drove = await db
      .select({ actorId: bookingEvents.actorId })
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.actorRole, "chauffeur"), isNotNull(bookingEvents.actorId)))
      .orderBy(asc(bookingEvents.createdAt));
    const last = drove.at(-1)?.actorId;
    return last ? (await people([last])).map(({ id, name }) => ({ id, name })) : [];
  }

  const onTickets = await db
    .select({ actorId: ticketEvents.actorId, checkedInBy: tickets.checkedInBy, assignedTo: tickets.assignedTo })
    .from(tickets)
    .leftJoin(ticketEvents, eq(ticketEvents.ticketId, tickets.id))
    .where(and(eq(tickets.bookingId, booking.id), isNotNull(tickets.valetStatus)));
  const ids = onTickets.flatMap((r) => [r.actorId, r.checkedInBy, r.assignedTo]).filter((v): v is string => Boolean(v));
  const handled = await people(ids);
  // Attendants first: a dispatcher or an admin who moved a ticket on the board did not park the cars.
  const attendants = handled.filter((p) => p.role === "valet");
  if (attendants.length) return attendants.map(({ id, name }) => ({ id, name }));
  if (handled.length) return handled.map(({ id, name }) => ({ id, name }));

  const window = await eventWindow(db, booking);
  if (!window) return [];
  const onShift = await db
    .selectDistinct({ id: user.id, name: user.name })
    .from(shifts)
    .innerJoin(user, eq(shifts.userId, user.id))
    .where(and(eq(shifts.role, "valet"), sql`${shifts.startsAt} < ${window.end.toISOString()}`, sql`${shifts.endsAt} > ${window.start.toISOString()}`))
    .orderBy(asc(user.id));
  return onShift;
}

/** A valet booking's event hours as instants, from its details (date, start and end on the service area's clock). */
async function eventWindow(db: Db | Tx, booking: BookingRow): Promise<{ start: Date; end: Date } | null> {
  const d = booking.details;
  if (d.service !== "valet") return null;
  const { timeZone } = await getOperationsSettings(db);
  const start = zonedInstant(d.date, d.startTime, timeZone);
  let end = zonedInstant(d.date, d.endTime, timeZone);
  if (end <= start) end = new Date(end.getTime() + 24 * 3600 * 1000); // an event past midnight
  return { start, end };
}
