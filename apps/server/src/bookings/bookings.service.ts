// Ride and valet bookings: the quote id (a ride or a valet one, for that service only) is verified and
// re-priced with live data, then booking + ticket + the idempotency record are written in one transaction.
// The idempotency row is inserted first: a concurrent request with the same key waits on its primary key and
// then replays the committed answer, so one key makes exactly one booking, across server processes too.
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  IDEMPOTENCY_IN_PROGRESS_MESSAGE,
  IDEMPOTENCY_MISMATCH_MESSAGE,
  QUOTE_CHANGED_MESSAGE,
  QUOTE_EXPIRED_MESSAGE,
  QUOTE_INVALID_MESSAGE,
  quoteInputSchema,
  todayInServiceArea,
  type CreateBookingInput,
  type CreateBookingResponse,
  type RideDetails,
} from "@meridian/shared/booking";
import { toCents } from "@meridian/shared/pricing";
import { valetQuoteInputSchema } from "@meridian/shared/valet";
import type { ValetDetails } from "@meridian/shared/valet-pricing";
import type { SessionUser } from "../auth/auth";
import { bookings, idempotencyKeys, tickets } from "../db/schema";
import type { Deps } from "../lib/context";
import { badRequest, conflict, HttpError } from "../lib/errors";
import { parseWith } from "../lib/validate";
import { bookingConfirmationEmail, valetBookingConfirmationEmail } from "../mail/booking-emails";
import type { Mail } from "../mail/mailer";
import { priceQuote } from "../quotes/quote.service";
import { verifyQuoteToken, verifyValetQuoteToken, type Verified } from "../quotes/quote-token";
import { refuseCouponNoLongerApplying, redeemSignedCoupon, type SignedCoupon } from "../coupons/coupons.service";
import { priceValetQuote } from "../valet/valet-quote.service";
import { scheduleRideReminder } from "../rides/ride-notices";
import { stampEvent } from "../rides/ride-status";
import { getOperationsSettings } from "../settings/settings.service";
import { zonedInstant } from "@meridian/shared/zoned-time";
import { newTicketCode } from "./ticket-code";

/** A booking re-prices with fleet and pricing data at most this old. */
const BOOKING_PRICING_MAX_AGE_MS = 500;

export type BookingOutcome = { status: 201; body: CreateBookingResponse; replayed: boolean };

/** sha256 of the request body in a canonical form (fixed key order, absent = null). */
export function requestHash(input: CreateBookingInput): string {
  const canonical = JSON.stringify({ service: input.service, quoteId: input.quoteId, paymentRef: input.paymentRef ?? null });
  return crypto.createHash("sha256").update(canonical).digest("hex");
}

/** The first answer for this (user, key): replayed for the same body, refused for another. */
async function earlierAnswer(deps: Deps, userId: string, key: string, hash: string): Promise<BookingOutcome | null> {
  const [row] = await deps.database.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row) return null;
  if (row.requestHash !== hash) throw new HttpError(422, "idempotency_mismatch", IDEMPOTENCY_MISMATCH_MESSAGE);
  if (row.responseStatus !== 201 || !row.responseBody) throw conflict(IDEMPOTENCY_IN_PROGRESS_MESSAGE, "idempotency_in_progress");
  return { status: 201, body: row.responseBody as CreateBookingResponse, replayed: true };
}

/** What one booking writes, whatever the service: the columns that differ and its confirmation e-mail. */
type BookingPlan = {
  service: "ride" | "valet";
  bookingDate: string;
  name: string;
  price: number;
  vehicleTypeId: string | null;
  /** A ride's pickup time ("HH:MM", the service's time zone); null for event valet. */
  pickupTime: string | null;
  details: RideDetails | ValetDetails;
  mail: (ticketCode: string) => Mail;
  /** The coupon the quote applied (redeemed in the booking's transaction), or null. */
  coupon: SignedCoupon | null;
};

/** The claims of a verified quote id, or the 400 for an invalid or expired one. */
function claimsOrRefuse<C>(verified: Verified<C>): C {
  if (verified.ok) return verified.claims;
  const message = verified.code === "quote_expired" ? QUOTE_EXPIRED_MESSAGE : QUOTE_INVALID_MESSAGE;
  throw badRequest(message, { quoteId: message }, verified.code);
}

/** A ride: the ride quote id re-priced with live data (at most 0.5 s old); a changed total is refused. */
async function planRide(deps: Deps, me: SessionUser, quoteId: string): Promise<BookingPlan> {
  const claims = claimsOrRefuse(verifyQuoteToken(deps.config.authSecret, quoteId));
  const rideInput = parseWith(quoteInputSchema, {
    pickupPlaceId: claims.pickupPlaceId,
    dropoffPlaceId: claims.dropoffPlaceId,
    vehicleTypeId: claims.vehicleTypeId,
    passengers: claims.passengers,
    luggage: claims.luggage,
    date: claims.date,
    time: claims.time,
    couponCode: claims.couponCode ?? undefined,
  });
  const priced = await priceQuote(deps, rideInput, { maxPricingAgeMs: BOOKING_PRICING_MAX_AGE_MS });
  refuseCouponNoLongerApplying(priced.refused);
  if (toCents(priced.quote.totalUsd) !== toCents(claims.totalUsd)) throw conflict(QUOTE_CHANGED_MESSAGE, "quote_changed");

  const details: RideDetails = {
    pickup: priced.pickup,
    dropoff: priced.dropoff,
    passengers: rideInput.passengers,
    luggage: rideInput.luggage,
    date: rideInput.date,
    time: rideInput.time,
    vehicleTypeId: rideInput.vehicleTypeId,
    miles: priced.quote.miles,
    minutes: priced.quote.minutes,
    quote: priced.quote,
  };
  return {
    service: "ride",
    bookingDate: rideInput.date,
    name: me.name,
    price: priced.quote.totalUsd,
    vehicleTypeId: rideInput.vehicleTypeId,
    pickupTime: rideInput.time,
    details,
    mail: (ticketCode) =>
      bookingConfirmationEmail({ to: me.email, name: me.name, ticketCode, details, dashboardUrl: `${deps.config.publicUrl}/dashboard` }),
    coupon: claims.couponCode ? { code: claims.couponCode, discountUsd: claims.discountUsd, service: "ride", totalUsd: claims.totalUsd } : null,
  };
}

/** Event valet: the valet quote id re-priced with the published valet card; a changed total is refused. */
async function planValet(deps: Deps, me: SessionUser, quoteId: string): Promise<BookingPlan> {
  const claims = claimsOrRefuse(verifyValetQuoteToken(deps.config.authSecret, quoteId));
  const { totalUsd: quotedUsd, exp: _exp, couponCode, discountUsd, ...event } = claims;
  const input = parseWith(valetQuoteInputSchema, { ...event, couponCode: couponCode ?? undefined });
  const priced = await priceValetQuote(deps, input, { maxPricingAgeMs: BOOKING_PRICING_MAX_AGE_MS });
  refuseCouponNoLongerApplying(priced.refused);
  if (toCents(priced.quote.totalUsd) !== toCents(quotedUsd)) throw conflict(QUOTE_CHANGED_MESSAGE, "quote_changed");

  const details: ValetDetails = {
    customerName: input.customerName,
    eventType: input.eventType,
    eventTypeOther: input.eventTypeOther,
    address: priced.place,
    date: input.date,
    startTime: input.startTime,
    endTime: input.endTime,
    durationMinutes: priced.quote.durationMinutes,
    expectedVehicles: priced.quote.expectedVehicles,
    attendants: priced.quote.attendants,
    notes: input.notes,
    quote: priced.quote,
  };
  return {
    service: "valet",
    bookingDate: input.date,
    name: input.customerName,
    price: priced.quote.totalUsd,
    vehicleTypeId: null,
    pickupTime: null,
    details,
    mail: (ticketCode) =>
      valetBookingConfirmationEmail({ to: me.email, name: me.name, ticketCode, details, dashboardUrl: `${deps.config.publicUrl}/dashboard` }),
    coupon: couponCode ? { code: couponCode, discountUsd, service: "valet", totalUsd: quotedUsd } : null,
  };
}

export async function createBooking(deps: Deps, me: SessionUser, key: string, input: CreateBookingInput): Promise<BookingOutcome> {
  const hash = requestHash(input);
  const earlier = await earlierAnswer(deps, me.id, key, hash);
  if (earlier) return earlier;

  const plan = input.service === "valet" ? await planValet(deps, me, input.quoteId) : await planRide(deps, me, input.quoteId);

  const { timeZone } = await getOperationsSettings(deps.database.db);
  const pickupAt = plan.pickupTime ? zonedInstant(plan.bookingDate, plan.pickupTime, timeZone) : null;
  const created = await deps.database.db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ userId: me.id, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (!claimed.length) return null; // another request with this key committed first

    const [booking] = await tx
      .insert(bookings)
      .values({
        userId: me.id,
        service: plan.service,
        bookingDate: plan.bookingDate,
        status: "pending",
        name: plan.name,
        email: me.email,
        phone: me.phone ?? null,
        price: plan.price,
        vehicleTypeId: plan.vehicleTypeId,
        details: plan.details,
        paymentRef: `dev_${key}`,
        pickupAt,
      })
      .returning();
    // A coupon use is counted here or not at all: coupon_unavailable (409) rolls the booking back.
    if (plan.coupon) await redeemSignedCoupon(tx, plan.coupon, { userId: me.id, bookingId: booking!.id, today: todayInServiceArea() });
    await stampEvent(tx, booking!.id, null, "pending", { id: me.id, name: me.name, role: me.role ?? "user" }, "Booked");
    await scheduleRideReminder(tx, booking!);
    let ticket: typeof tickets.$inferSelect | undefined;
    for (let attempt = 0; attempt < 8 && !ticket; attempt++) {
      [ticket] = await tx
        .insert(tickets)
        .values({ ticketCode: newTicketCode(), bookingId: booking!.id, status: "active" })
        .onConflictDoNothing({ target: tickets.ticketCode })
        .returning();
    }
    if (!ticket) throw new Error("Could not allocate a unique ticket code.");

    const body: CreateBookingResponse = {
      booking: {
        id: booking!.id,
        service: booking!.service,
        bookingDate: booking!.bookingDate,
        status: booking!.status,
        price: booking!.price,
        createdAt: booking!.createdAt.toISOString(),
      },
      ticket: { ticketCode: ticket.ticketCode, status: ticket.status },
    };
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: 201, responseBody: body })
      .where(and(eq(idempotencyKeys.userId, me.id), eq(idempotencyKeys.key, key)));
    return body;
  });

  if (!created) {
    const replay = await earlierAnswer(deps, me.id, key, hash);
    if (replay) return replay;
    throw conflict(IDEMPOTENCY_IN_PROGRESS_MESSAGE, "idempotency_in_progress");
  }

  announce(deps, me, created, plan);
  return { status: 201, body: created, replayed: false };
}

/** After commit: the realtime event and the confirmation e-mail. Neither can fail the booking. */
function announce(deps: Deps, me: SessionUser, created: CreateBookingResponse, plan: BookingPlan) {
  const { booking, ticket } = created;
  deps.bus
    .publish({ type: "booking.created", bookingId: booking.id, service: booking.service, userId: me.id, createdAt: booking.createdAt })
    .catch((err: unknown) => deps.logger.error("realtime publish failed", { bookingId: booking.id, err: String(err) }));
  deps.mailer
    .send(plan.mail(ticket.ticketCode))
    .catch((err: unknown) => deps.logger.error("booking confirmation e-mail failed", { bookingId: booking.id, err: String(err) }));
}
