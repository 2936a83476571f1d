// Ride bookings: the quote id is verified and re-priced with live data, then the idempotency record (with its
// answer), the booking and its ticket are written by one statement. The idempotency row is inserted first: a
// concurrent request with the same key waits on its primary key and then replays the committed answer, so one
// key makes exactly one booking, across server processes too. A booking costs the session lookup and that one
// statement; its event and e-mail are written after commit, batched with others (docs/decisions/009-*.md).
import crypto from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import {
  IDEMPOTENCY_IN_PROGRESS_MESSAGE,
  IDEMPOTENCY_MISMATCH_MESSAGE,
  QUOTE_CHANGED_MESSAGE,
  QUOTE_EXPIRED_MESSAGE,
  QUOTE_INVALID_MESSAGE,
  quoteInputSchema,
  type CreateBookingInput,
  type CreateBookingResponse,
  type QuoteInput,
  type RideDetails,
} from "@meridian/shared/booking";
import { toCents } from "@meridian/shared/pricing";
import type { SessionUser } from "../auth/auth";
import { executeRows, isUniqueViolation, type Db } from "../db/client";
import { bookings, idempotencyKeys, tickets } from "../db/schema";
import type { Deps } from "../lib/context";
import { badRequest, conflict, HttpError } from "../lib/errors";
import { parseWith } from "../lib/validate";
import { bookingConfirmationEmail } from "../mail/booking-emails";
import { priceQuote } from "../quotes/quote.service";
import { verifyQuoteToken } from "../quotes/quote-token";
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

export async function createRideBooking(deps: Deps, me: SessionUser, key: string, input: CreateBookingInput): Promise<BookingOutcome> {
  const hash = requestHash(input);
  let priced: Awaited<ReturnType<typeof reprice>>;
  try {
    priced = await reprice(deps, input);
  } catch (err) {
    // The quote no longer holds (expired, re-priced, vehicle retired): a retry of a booking that was made
    // still gets its first answer, and a key used for another body is still refused.
    const earlier = await earlierAnswer(deps, me.id, key, hash);
    if (earlier) return earlier;
    throw err;
  }
  const { rideInput, quote, details } = priced;

  const created = await insertBooking(deps.database.db, me, key, hash, rideInput, quote.totalUsd, details);
  if (!created) {
    // Another request with this key committed first: its answer, or a refusal for another body.
    const replay = await earlierAnswer(deps, me.id, key, hash);
    if (replay) return replay;
    throw conflict(IDEMPOTENCY_IN_PROGRESS_MESSAGE, "idempotency_in_progress");
  }

  announce(deps, me, created, details);
  return { status: 201, body: created, replayed: false };
}

/** The quote id verified and re-priced with live data (at most BOOKING_PRICING_MAX_AGE_MS old); 4xx when it no longer holds. */
async function reprice(deps: Deps, input: CreateBookingInput) {
  const verified = verifyQuoteToken(deps.config.authSecret, input.quoteId);
  if (!verified.ok) {
    const message = verified.code === "quote_expired" ? QUOTE_EXPIRED_MESSAGE : QUOTE_INVALID_MESSAGE;
    throw badRequest(message, { quoteId: message }, verified.code);
  }
  const claims = verified.claims;
  const rideInput = parseWith(quoteInputSchema, {
    pickupPlaceId: claims.pickupPlaceId,
    dropoffPlaceId: claims.dropoffPlaceId,
    vehicleTypeId: claims.vehicleTypeId,
    passengers: claims.passengers,
    luggage: claims.luggage,
    date: claims.date,
    time: claims.time,
  });
  const priced = await priceQuote(deps, rideInput, { maxPricingAgeMs: BOOKING_PRICING_MAX_AGE_MS });
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
  return { rideInput, quote: priced.quote, details };
}

/**
 * Claims the key and writes the booking, its ticket and the answer in ONE statement (one round trip, its own
 * transaction): the idempotency row is inserted first and the booking and ticket only from the row it
 * returns, so a request whose key was claimed by another writes nothing and gets null. The ids, the time and
 * the ticket code are made here so the answer can be stored with the claim; a ticket code already taken
 * (rare: 31^8 codes) fails the whole statement, which is tried again with another code.
 */
async function insertBooking(
  db: Db,
  me: SessionUser,
  key: string,
  hash: string,
  rideInput: QuoteInput,
  price: number,
  details: RideDetails,
): Promise<CreateBookingResponse | null> {
  const bookingId = crypto.randomUUID();
  const createdAt = new Date().toISOString();
  for (let attempt = 0; ; attempt++) {
    const body: CreateBookingResponse = {
      booking: { id: bookingId, service: "ride", bookingDate: rideInput.date, status: "pending", price, createdAt },
      ticket: { ticketCode: newTicketCode(), status: "active" },
    };
    try {
      const rows = await executeRows(
        db,
        sql`with claimed as (
          insert into ${idempotencyKeys} (user_id, key, request_hash, response_status, response_body, created_at)
          values (${me.id}, ${key}, ${hash}, 201, ${JSON.stringify(body)}::jsonb, ${createdAt}::timestamptz)
          on conflict do nothing
          returning user_id
        ), booking as (
          insert into ${bookings} (id, user_id, service, booking_date, status, name, email, phone, price, vehicle_type_id, details, payment_ref, created_at, updated_at)
          select ${bookingId}::uuid, user_id, 'ride', ${rideInput.date}::date, 'pending', ${me.name}, ${me.email}, ${me.phone ?? null}, ${price}::numeric,
            ${rideInput.vehicleTypeId}::uuid, ${JSON.stringify(details)}::jsonb, ${`dev_${key}`}, ${createdAt}::timestamptz, ${createdAt}::timestamptz
          from claimed
          returning id
        )
        insert into ${tickets} (ticket_code, status, booking_id, created_at, updated_at)
        select ${body.ticket.ticketCode}, 'active', id, ${createdAt}::timestamptz, ${createdAt}::timestamptz from booking
        returning booking_id`,
      );
      return rows.length ? body : null;
    } catch (err) {
      if (attempt < 8 && isUniqueViolation(err, "tickets_ticket_code_unique")) continue;
      throw err;
    }
  }
}

/** After commit: the realtime event and the confirmation e-mail. Neither can fail the booking. */
function announce(deps: Deps, me: SessionUser, created: CreateBookingResponse, details: RideDetails) {
  const { booking, ticket } = created;
  deps.bus
    .publish({ type: "booking.created", bookingId: booking.id, service: booking.service, userId: me.id, createdAt: booking.createdAt })
    .catch((err: unknown) => deps.logger.error("realtime publish failed", { bookingId: booking.id, err: String(err) }));
  const mail = bookingConfirmationEmail({
    to: me.email,
    name: me.name,
    ticketCode: ticket.ticketCode,
    details,
    dashboardUrl: `${deps.config.publicUrl}/dashboard`,
  });
  deps.mailer
    .send(mail)
    .catch((err: unknown) => deps.logger.error("booking confirmation e-mail failed", { bookingId: booking.id, err: String(err) }));
}
