// Ride bookings: the quote id is verified and re-priced with live data, then booking + ticket + the
// idempotency record are written in one transaction. The idempotency row is inserted first: a concurrent
// request with the same key waits on its primary key and then replays the committed answer, so one key
// makes exactly one booking, across server processes too.
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import {
  IDEMPOTENCY_IN_PROGRESS_MESSAGE,
  IDEMPOTENCY_MISMATCH_MESSAGE,
  QUOTE_CHANGED_MESSAGE,
  QUOTE_EXPIRED_MESSAGE,
  QUOTE_INVALID_MESSAGE,
  quoteInputSchema,
  type CreateBookingInput,
  type CreateBookingResponse,
  type RideDetails,
} from "@meridian/shared/booking";
import { toCents } from "@meridian/shared/pricing";
import type { SessionUser } from "../auth/auth";
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
  const earlier = await earlierAnswer(deps, me.id, key, hash);
  if (earlier) return earlier;

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
        service: "ride",
        bookingDate: rideInput.date,
        status: "pending",
        name: me.name,
        email: me.email,
        phone: me.phone ?? null,
        price: priced.quote.totalUsd,
        vehicleTypeId: rideInput.vehicleTypeId,
        details,
        paymentRef: `dev_${key}`,
      })
      .returning();
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

  announce(deps, me, created, details);
  deps.metrics.bookingsCreated.inc({ service: created.booking.service });
  return { status: 201, body: created, replayed: false };
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
