// Ride and valet bookings: the quote id (a ride or a valet one, for that service only) is verified and
// re-priced with live data; then, in decision 011's order, so that no provider call runs inside a database
// transaction and one Idempotency-Key makes one booking and one card authorisation:
//   1. the (user, key) idempotency row is claimed and committed on its own ("in progress"); a concurrent
//      request with the key gets the replay or 409 idempotency_in_progress and never reaches the provider;
//   2. the total is authorised on the card (provider key "booking:<userId>:<key>:authorize"); a decline or
//      an authentication step answers 402 and releases the row (nothing else is written);
//   3. one statement (booking-rows.ts; in a transaction with the coupon's redemption and a far-off service's
//      payment jobs when there are any) writes booking + ticket + the payment record + the stored answer; if it fails, the
//      authorisation is cancelled and the error is stored as the key's answer.
// A far-off service (payment-policy keepHoldAtBooking) has its hold released at once; its card is kept.
import crypto from "node:crypto";
import { and, eq, isNull, lt, sql, type SQL } from "drizzle-orm";
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
} from "@meridian/shared/booking";
import { startTimeOf, type BookingDetails, type RideDetails, type ValetDetails } from "@meridian/shared/booking-details";
import { toCents } from "@meridian/shared/pricing";
import { keepHoldAtBooking } from "@meridian/shared/payment-policy";
import {
  AUTHENTICATION_FAILED_MESSAGE,
  AUTHENTICATION_REQUIRED_CODE,
  AUTHENTICATION_REQUIRED_MESSAGE,
  CARD_DECLINED_CODE,
  PAYMENT_INTENT_MISMATCH_MESSAGE,
  PAYMENT_NOT_ACCEPTED_MESSAGE,
} from "@meridian/shared/payments";
import { valetQuoteInputSchema } from "@meridian/shared/valet";
import type { SessionUser } from "../auth";
import { executeRows, type Db, type Tx } from "../db/client";
import { jobInsertFrom } from "../jobs/job-runner";
import { bookings, idempotencyKeys } from "../db/schema";
import {
  chargeInStatement,
  customerRefFor,
  holdSweepJob,
  paymentErrorToHttp,
  releaseUnusedHold,
  scheduleHoldSweep,
  schedulePaymentJobs,
  STALE_CLAIM_MS,
  type SweepCall,
} from "../payments";
import { pauseHereInTests } from "../lib/test-hooks";
import type { AuthorizeInput, PaymentIntent } from "../lib/payment-provider";
import type { Deps } from "../lib/context";
import type { RideHold, RideToSell } from "../lib/availability-port";
import { badRequest, conflict, HttpError } from "../lib/errors";
import { parseWith } from "../lib/validate";
import { bookingConfirmationEmail, valetBookingConfirmationEmail } from "../mail/booking-emails";
import type { Mail } from "../mail/mailer";
import { priceQuote, priceValetQuote, type Verified, verifyQuoteToken, verifyValetQuoteToken } from "../quotes";
import { bookingFlightOf, type BookingRowsInput, insertBookingRows } from "../bookings";
import { redeemSignedCoupon, refuseCouponNoLongerApplying, type SignedCoupon } from "../coupons";
import { cachedOperationsSettings } from "../settings/settings.service";
import { zonedInstant } from "@meridian/shared/zoned-time";
import { claimRideKey, holdOf } from "./ride-claims";

/** A booking re-prices with fleet and pricing data at most this old. */
const BOOKING_PRICING_MAX_AGE_MS = 500;

export type BookingOutcome = { status: 201; body: CreateBookingResponse; replayed: boolean };

/**
 * sha256 of the request body in a canonical form (fixed key order, absent = null). `paymentIntentId` is left
 * out: after the card's authentication step the dialog resends the same request with it, under the same key.
 */
export function requestHash(input: CreateBookingInput): string {
  const canonical = JSON.stringify({
    service: input.service,
    quoteId: input.quoteId,
    paymentRef: input.paymentRef ?? null,
    paymentMethod: input.paymentMethod ?? null,
  });
  return crypto.createHash("sha256").update(canonical).digest("hex");
}


type StoredError = { error: { code: string; message: string; fields?: Record<string, string> } };

/**
 * The first answer for this (user, key): replayed for the same body, refused for another. `userId` is whoever sent
 * the key (the desk's staff member for a booking made for a caller, checkout/caller-booking.service.ts).
 */
export async function earlierAnswer<T = CreateBookingResponse>(deps: Deps, userId: string, key: string, hash: string): Promise<{ status: 201; body: T; replayed: boolean } | null> {
  const [row] = await deps.database.db
    .select()
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  if (!row) return null;
  if (row.requestHash !== hash) throw new HttpError(422, "idempotency_mismatch", IDEMPOTENCY_MISMATCH_MESSAGE);
  if (row.responseStatus === null || !row.responseBody) throw conflict(IDEMPOTENCY_IN_PROGRESS_MESSAGE, "idempotency_in_progress");
  if (row.responseStatus !== 201) {
    // A failure after the card was authorised (and released again) is the key's answer too.
    const { error } = row.responseBody as StoredError;
    throw new HttpError(row.responseStatus as 409, error.code, error.message, error.fields);
  }
  return { status: 201, body: row.responseBody as T, replayed: true };
}

/** A retry waits this long for the request holding its key to answer, then gets 409 idempotency_in_progress. */
const IN_PROGRESS_WAIT_MS = 3000;

/**
 * Another request holds the key: its answer once it has one (a short wait), else 409 in progress; null when
 * the row is gone (the holder released the key).
 */
export async function awaitEarlierAnswer<T = CreateBookingResponse>(deps: Deps, userId: string, key: string, hash: string): Promise<{ status: 201; body: T; replayed: boolean } | null> {
  const until = Date.now() + IN_PROGRESS_WAIT_MS;
  for (;;) {
    try {
      return await earlierAnswer<T>(deps, userId, key, hash);
    } catch (err) {
      if (!(err instanceof HttpError && err.code === "idempotency_in_progress") || Date.now() >= until) throw err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Step 1: claims the (user, key) row in its own committed statement. Answers the claim's time (its token),
 * or null when another request holds or answered the key. A row left "in progress" longer than
 * STALE_CLAIM_MS (its process died) is taken over; the provider's own key keeps that retry to one charge.
 * A ride's claim holds its place until the booking is written (the claim's answer is then the booking): it is made
 * in a transaction that takes the service day's lock and checks availability, bookings in progress counted, so two
 * customers racing for the last car cannot both reach the card (the loser gets 409 unavailable, no authorisation).
 */
async function claimKey(deps: Deps, userId: string, key: string, hash: string, ride: RideToSell | null, sweep: SweepCall): Promise<{ at: Date; takenOver: boolean } | null> {
  if (!ride) return claimKeyIn(deps.database.db, userId, key, hash, null, sweep);
  // A new key is claimed with the other rides' claims of the moment (ride-claims.ts); a key held already (a retry, a
  // stale claim to take over) goes on its own.
  const batched = await claimRideKey(deps, { userId, key, hash, ride, sweep });
  if (batched) return { ...batched, takenOver: false };
  const claimed = await deps.database.db.transaction(async (tx) => {
    // The claim's statement takes the service days' locks too; the check reads after it (a refusal rolls the claim back).
    const claim = await claimKeyIn(tx, userId, key, hash, ride, sweep, deps.availability.sellingLocks([ride]));
    if (claim) await deps.availability.refuseLocked(tx, ride, { claim: { userId, key } }, { locked: true });
    return claim;
  });
  if (claimed) deps.availability.invalidate();
  return claimed;
}

/**
 * The claim in one statement: the key's row and, with it, the hold sweep of the card authorisation that follows
 * (durable before the card is touched: should this process die before the booking is saved, the sweep releases the
 * hold), and `locks` (select-list items) when given.
 */
async function claimKeyIn(db: Db | Tx, userId: string, key: string, hash: string, ride: RideToSell | null, sweep: SweepCall, locks?: SQL): Promise<{ at: Date; takenOver: boolean } | null> {
  const at = new Date();
  const hold: RideHold | null = ride ? holdOf(ride) : null;
  const [row] = await executeRows(
    db as Db,
    sql`with claimed as (
        insert into idempotency_keys (user_id, key, request_hash, created_at, response_body)
        values (${userId}, ${key}, ${hash}, ${at.toISOString()}::timestamptz, ${hold ? JSON.stringify(hold) : null}::jsonb)
        on conflict do nothing returning key),
      sweep as (${jobInsertFrom(holdSweepJob(sweep, at), sql`claimed`)})
      select (select count(*)::int from claimed) as claimed${locks ? sql`, ${locks}` : sql``}`,
  );
  if (row?.claimed) return { at, takenOver: false };
  const taken = await db
    .update(idempotencyKeys)
    .set({ createdAt: at, responseBody: hold })
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        eq(idempotencyKeys.key, key),
        eq(idempotencyKeys.requestHash, hash),
        isNull(idempotencyKeys.responseStatus),
        lt(idempotencyKeys.createdAt, new Date(at.getTime() - STALE_CLAIM_MS)),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  if (!taken.length) return null;
  await scheduleHoldSweep(db, sweep, at);
  return { at, takenOver: true };
}

const ownClaim = (userId: string, key: string, at: Date) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key), eq(idempotencyKeys.createdAt, at), isNull(idempotencyKeys.responseStatus));

/** Lets the key go (a declined card, an authentication step): nothing was written, the customer may try again. */
async function releaseKey(deps: Deps, userId: string, key: string, at: Date) {
  await deps.database.db.delete(idempotencyKeys).where(ownClaim(userId, key, at));
}

/** The card could not be used: 402 card_declined with the provider's reason, under the card field. */
function declined(message: string, declineCode?: string) {
  return new HttpError(402, CARD_DECLINED_CODE, message, { paymentMethod: message }, declineCode ? { declineCode } : undefined);
}

/** The card needs its authentication step (3-D Secure): the dialog runs it and resends with paymentIntentId. */
function authenticationNeeded(intent: PaymentIntent, message = AUTHENTICATION_REQUIRED_MESSAGE) {
  return new HttpError(402, AUTHENTICATION_REQUIRED_CODE, message, { paymentMethod: message }, { paymentIntent: { id: intent.id, clientSecret: intent.clientSecret } });
}

/**
 * Step 2: the card authorised for the total, or the answer to give instead. After the authentication step
 * the same provider key replays the same PaymentIntent, which is how `paymentIntentId` is checked to belong
 * to this user and this key; its state now is read back from the provider.
 */
/** The card authorisation a booking makes (its request and provider key), known before the key is claimed. */
async function authorizationCall(deps: Deps, me: SessionUser, key: string, input: CreateBookingInput, plan: BookingPlan): Promise<SweepCall & { customerRef: string | null }> {
  const customerRef = await customerRefFor(deps, me);
  const request: AuthorizeInput = {
    amountCents: toCents(plan.price),
    paymentMethod: input.paymentMethod,
    description: `Meridian ${plan.service} booking on ${plan.bookingDate}`,
    metadata: { userId: me.id, bookingKey: key, service: plan.service },
    saveCard: { customerRef },
  };
  return { providerKey: `booking:${me.id}:${key}:authorize`, request, claim: { userId: me.id, key }, customerRef };
}

/**
 * Step 2: the card authorised for the total, or the answer to give instead. After the authentication step
 * the same provider key replays the same PaymentIntent, which is how `paymentIntentId` is checked to belong
 * to this user and this key; its state now is read back from the provider. The hold sweep was scheduled with the claim.
 */
async function authorizeCard(deps: Deps, call: SweepCall, input: CreateBookingInput, refresh: boolean): Promise<PaymentIntent> {
  let intent = await deps.payments.authorize(call.request, call.providerKey);
  // The provider replays its first answer for the key: where the intent has moved since, read it again.
  if (refresh || (input.paymentIntentId && input.paymentIntentId === intent.id)) intent = await deps.payments.retrieve(intent.id);
  if (input.paymentIntentId && input.paymentIntentId !== intent.id) {
    throw new HttpError(422, "payment_intent_mismatch", PAYMENT_INTENT_MISMATCH_MESSAGE, { paymentIntentId: PAYMENT_INTENT_MISMATCH_MESSAGE });
  }
  if (intent.status === "requires_capture") return intent;
  if (intent.status === "requires_action") throw authenticationNeeded(intent, input.paymentIntentId ? AUTHENTICATION_FAILED_MESSAGE : AUTHENTICATION_REQUIRED_MESSAGE);
  // requires_payment_method (declined on confirmation), or an intent already released: not usable.
  throw declined(PAYMENT_NOT_ACCEPTED_MESSAGE);
}

/** What one booking writes, whatever the service: the columns that differ and its confirmation e-mail. */
export type BookingPlan = {
  service: "ride" | "valet";
  bookingDate: string;
  name: string;
  price: number;
  vehicleTypeId: string | null;
  /** A ride's pickup time ("HH:MM", the service's time zone); null for event valet. */
  pickupTime: string | null;
  details: BookingDetails;
  /** The confirmation e-mail, its times on the operations clock (`timeZone`, Settings). */
  mail: (ticketCode: string, timeZone: string) => Mail;
  /** The coupon the quote applied (redeemed in the booking's transaction), or null. */
  coupon: SignedCoupon | null;
};

/** The claims of a verified quote id, or the 400 for an invalid or expired one. */
function claimsOrRefuse<C>(verified: Verified<C>): C {
  if (verified.ok) return verified.claims;
  const message = verified.code === "quote_expired" ? QUOTE_EXPIRED_MESSAGE : QUOTE_INVALID_MESSAGE;
  throw badRequest(message, { quoteId: message }, verified.code);
}

/** Who a booking is for: its confirmation e-mail's name and address. */
type BookingFor = Pick<SessionUser, "name" | "email">;

/** A ride: the ride quote id re-priced with live data (at most 0.5 s old); a changed total is refused. */
async function planRide(deps: Deps, me: BookingFor, quoteId: string): Promise<BookingPlan> {
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
    flightNumber: claims.flightNumber ?? undefined,
  });
  // Availability is checked when the key is claimed, under the day's lock (claimKey), not here.
  const priced = await priceQuote(deps, rideInput, { maxPricingAgeMs: BOOKING_PRICING_MAX_AGE_MS, checkAvailability: false });
  refuseCouponNoLongerApplying(priced.refused);
  if (toCents(priced.quote.totalUsd) !== toCents(claims.totalUsd)) throw conflict(QUOTE_CHANGED_MESSAGE, "quote_changed");

  const details: RideDetails = {
    service: "ride",
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
    ...(priced.flight ? { flight: bookingFlightOf(priced.flight.status, rideInput.date, rideInput.time, (await cachedOperationsSettings(deps.database.db)).timeZone) } : {}),
  };
  return {
    service: "ride",
    bookingDate: rideInput.date,
    name: me.name,
    price: priced.quote.totalUsd,
    vehicleTypeId: rideInput.vehicleTypeId,
    pickupTime: rideInput.time,
    details,
    mail: (ticketCode, timeZone) =>
      bookingConfirmationEmail({ to: me.email, name: me.name, ticketCode, details, timeZone, dashboardUrl: `${deps.config.publicUrl}/dashboard` }),
    coupon: claims.couponCode ? { code: claims.couponCode, discountUsd: claims.discountUsd, service: "ride", totalUsd: claims.totalUsd } : null,
  };
}

/** Event valet: the valet quote id re-priced with the published valet card; a changed total is refused. */
async function planValet(deps: Deps, me: BookingFor, quoteId: string): Promise<BookingPlan> {
  const claims = claimsOrRefuse(verifyValetQuoteToken(deps.config.authSecret, quoteId));
  const { totalUsd: quotedUsd, exp: _exp, couponCode, discountUsd, ...event } = claims;
  const input = parseWith(valetQuoteInputSchema, { ...event, couponCode: couponCode ?? undefined });
  const priced = await priceValetQuote(deps, input, { maxPricingAgeMs: BOOKING_PRICING_MAX_AGE_MS });
  refuseCouponNoLongerApplying(priced.refused);
  if (toCents(priced.quote.totalUsd) !== toCents(quotedUsd)) throw conflict(QUOTE_CHANGED_MESSAGE, "quote_changed");

  const details: ValetDetails = {
    service: "valet",
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
    mail: (ticketCode, timeZone) =>
      valetBookingConfirmationEmail({ to: me.email, name: me.name, ticketCode, details, timeZone, dashboardUrl: `${deps.config.publicUrl}/dashboard` }),
    coupon: couponCode ? { code: couponCode, discountUsd, service: "valet", totalUsd: quotedUsd } : null,
  };
}

/** The quote id of a ride or a valet service, verified and re-priced (the customer's rules and prices). */
export const planBooking = (deps: Deps, who: BookingFor, service: "ride" | "valet", quoteId: string): Promise<BookingPlan> =>
  service === "valet" ? planValet(deps, who, quoteId) : planRide(deps, who, quoteId);

/** What a ride booking sells, for the availability rule (null: event valet, which needs no chauffeur or car). */
export function rideOfPlan(plan: BookingPlan, pickupAt: Date | null): RideToSell | null {
  if (plan.service !== "ride" || !pickupAt || !plan.vehicleTypeId) return null;
  return { pickupAt, minutes: (plan.details as RideDetails).minutes, vehicleTypeId: plan.vehicleTypeId };
}

/** A ride's pickup instant (null for event valet) and when the service starts, in the operations time zone. */
export function startOfPlan(plan: BookingPlan, timeZone: string): { pickupAt: Date | null; startsAt: Date } {
  const pickupAt = plan.pickupTime ? zonedInstant(plan.bookingDate, plan.pickupTime, timeZone) : null;
  return { pickupAt, startsAt: pickupAt ?? zonedInstant(plan.bookingDate, startTimeOf(plan.details), timeZone) };
}

/**
 * Counts the use of the plan's coupon (when its quote applied one) in the booking's transaction, for the customer the
 * booking is for (their per-customer limit; at the desk, not the staff member's): a use is counted here or not at
 * all, as coupon_unavailable or quote_changed (409) rolls the booking back. Both a customer's booking and the desk's
 * (caller-booking.service.ts) call it.
 */
export async function redeemPlanCoupon(tx: Tx, plan: BookingPlan, r: { customerId: string; bookingId: string }): Promise<void> {
  if (plan.coupon) await redeemSignedCoupon(tx, plan.coupon, { userId: r.customerId, bookingId: r.bookingId, today: todayInServiceArea() });
}

export async function createBooking(deps: Deps, me: SessionUser, key: string, input: CreateBookingInput): Promise<BookingOutcome> {
  const hash = requestHash(input);
  // The key's earlier answer is read only when it matters (one round trip less per booking, decision 015): when
  // the quote no longer holds (a retry after it expired still gets its booking) and when the claim finds the key taken.
  let plan: BookingPlan;
  try {
    plan = await planBooking(deps, me, input.service, input.quoteId);
  } catch (err) {
    const earlier = await earlierAnswer(deps, me.id, key, hash);
    if (earlier) return earlier;
    throw err;
  }

  const { timeZone, reminderLeadHours } = await cachedOperationsSettings(deps.database.db);
  const { pickupAt, startsAt } = startOfPlan(plan, timeZone);
  const ride = rideOfPlan(plan, pickupAt);

  const call = await authorizationCall(deps, me, key, input, plan);

  // 1. Claim the key (committed on its own, with the card's hold sweep; a ride's with the availability check under the day's lock).
  let claim = await claimKey(deps, me.id, key, hash, ride, call);
  for (let attempt = 0; !claim; attempt++) {
    const answer = await awaitEarlierAnswer(deps, me.id, key, hash);
    if (answer) return answer;
    // The holder let the key go (a declined card, an authentication step): this retry goes again, and the
    // provider's key replays the holder's answer.
    if (attempt >= 3) throw conflict(IDEMPOTENCY_IN_PROGRESS_MESSAGE, "idempotency_in_progress");
    claim = await claimKey(deps, me.id, key, hash, ride, call);
  }

  // 2. Authorise the card, outside any transaction. No usable authorisation: the key is released.
  let intent: PaymentIntent;
  try {
    intent = await authorizeCard(deps, call, input, claim.takenOver);
  } catch (err) {
    await releaseKey(deps, me.id, key, claim.at);
    throw paymentErrorToHttp(err);
  }
  const { customerRef } = call;
  await pauseHereInTests(deps.config.env, "booking:authorised");

  // 3. The booking's rows (booking, "Booked" timeline row, ticket, ride reminder, payment record, the key's
  // answer) in one statement (bookings/booking-rows.ts, decision 015), stored only while the claim is still this
  // request's. It commits by itself, unless a coupon is redeemed or a far-off service's payment jobs are
  // scheduled: then it runs in one transaction with them.
  const held = keepHoldAtBooking(startsAt, new Date());
  const rows: BookingRowsInput = {
    userId: me.id,
    key,
    claim: "complete",
    claimedAt: claim.at,
    booking: {
      service: plan.service,
      bookingDate: plan.bookingDate,
      name: plan.name,
      email: me.email,
      phone: me.phone ?? null,
      price: plan.price,
      vehicleTypeId: plan.vehicleTypeId,
      details: plan.details,
      paymentRef: intent.id,
      pickupAt,
    },
    actor: { id: me.id, name: me.name, role: me.role ?? "user" },
    reminderLeadHours,
    paymentInsert: (booking) => chargeInStatement(deps.payments.kind, intent, booking, { paymentMethod: input.paymentMethod, customerRef }),
    answerPayment: { cardBrand: intent.card?.brand ?? null, cardLast4: intent.card?.last4 ?? null, held },
  };
  const write = async (db: Db | Tx, mail?: BookingRowsInput["mail"]) => {
    const answer = await insertBookingRows(db, { ...rows, mail });
    // The claim was taken over (this request stalled past STALE_CLAIM_MS): the other request answers.
    if (!answer) throw conflict(IDEMPOTENCY_IN_PROGRESS_MESSAGE, "idempotency_in_progress");
    return answer;
  };
  let created: CreateBookingResponse;
  // Committing by itself, the statement writes the confirmation e-mail too; in a transaction it is sent after the commit.
  const mailInStatement = !plan.coupon && held;
  try {
    if (mailInStatement) created = await write(deps.database.db, (ticketCode) => deps.mailer.inStatement(plan.mail(ticketCode, timeZone)));
    else
      created = await deps.database.db.transaction(async (tx) => {
        const answer = await write(tx);
        const bookingId = answer.booking.id;
        // The quote's coupon, counted for this customer: a refusal (409) rolls the booking back and the hold is released (failAfterAuthorising).
        await redeemPlanCoupon(tx, plan, { customerId: me.id, bookingId });
        // A far-off service: authorised again 48 h before it.
        if (!held) {
          const [booking] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
          await schedulePaymentJobs(tx, booking!);
        }
        return answer;
      });
  } catch (err) {
    await failAfterAuthorising(deps, me, key, claim.at, intent, err);
    throw err;
  }

  // A far-off service (payment-policy keepHoldAtBooking false): the hold is released at once and the card kept
  // (payments.paymentMethod, stripe's Customer in customerRef); the re-authorisation job authorises again before it.
  // A failure here is logged and the booking stands (that job replaces the hold, which would lapse before the service).
  if (!created.payment?.held) await releaseUnusedHold(deps, created.booking.id, intent.id, "a far-off booking's hold");
  announce(deps, me, created, mailInStatement ? null : plan.mail(created.ticket.ticketCode, timeZone));
  deps.metrics.bookingsCreated.inc({ service: created.booking.service });
  return { status: 201, body: created, replayed: false };
}

/**
 * The booking could not be written after the card was authorised: the authorisation is cancelled (the
 * customer is never charged for a booking that does not exist) and the error becomes the key's answer, so
 * a retry with the key cannot book on the released authorisation.
 */
async function failAfterAuthorising(deps: Deps, me: SessionUser, key: string, at: Date, intent: PaymentIntent, err: unknown) {
  if (err instanceof HttpError && err.code === "idempotency_in_progress") return; // another request owns the key and the intent
  try {
    await deps.payments.cancel(intent.id, `booking:${me.id}:${key}:release`);
  } catch (cancelErr) {
    deps.logger.error("could not release the authorisation of a booking that failed", { intentId: intent.id, err: String(cancelErr) });
  }
  const status = err instanceof HttpError ? err.status : 500;
  const stored: StoredError = err instanceof HttpError ? { error: { code: err.code, message: err.message, ...(err.fields ? { fields: err.fields } : {}) } } : { error: { code: "internal", message: "Something went wrong" } };
  try {
    // Stored even for a 500: the provider key would replay the now cancelled authorisation, so a retry needs a new key.
    await deps.database.db.update(idempotencyKeys).set({ responseStatus: status, responseBody: stored }).where(ownClaim(me.id, key, at));
  } catch (storeErr) {
    deps.logger.error("could not store a failed booking's answer", { err: String(storeErr) });
  }
}

/** After commit: the realtime event and the confirmation e-mail (null: the booking's statement wrote it). Neither can fail the booking. */
function announce(deps: Deps, me: SessionUser, created: CreateBookingResponse, mail: Mail | null) {
  const { booking } = created;
  deps.bus
    .publish({ type: "booking.created", bookingId: booking.id, service: booking.service, userId: me.id, createdAt: booking.createdAt })
    .catch((err: unknown) => deps.logger.error("realtime publish failed", { bookingId: booking.id, err: String(err) }));
  if (!mail) return;
  deps.mailer
    .send(mail)
    .catch((err: unknown) => deps.logger.error("booking confirmation e-mail failed", { bookingId: booking.id, err: String(err) }));
}
