// A customer moves their ride to another date and time: the same ride re-quoted with the existing quote service
// (a quote id for the new time, verified and re-priced as a booking is), the customer's agreement required when
// the price changes. Until the cancellation cut-off only; an assigned chauffeur is released (dispatch assigns
// again), and the reminder moves with the ride.
// The card follows the ride (decision 011's policy, payment-policy.ts): a ride now within the hold window whose
// hold is for another total (the price changed), would lapse before the new time (taken too long before it), or
// that holds none (booked far off, its hold released) is authorised for the new total first, on the card kept for
// it (a decline refuses the move, nothing changed); a ride moved beyond the window lets its hold go, and the
// re-authorisation job takes over 48 hours before. A hold that no longer matches is released once the move has
// committed. A move that does not happen (the card's step needed, declined, the ride changed meanwhile) leaves the
// card as it was: the new hold is released and never recorded, so the booking's charge is still its old one. A ride
// still unpaid keeps its unpaid cancellation at the new time (movePaymentJobs).
import { and, eq } from "drizzle-orm";
import { QUOTE_CHANGED_MESSAGE, QUOTE_EXPIRED_MESSAGE, QUOTE_INVALID_MESSAGE } from "@meridian/shared/booking";
import type { RideDetails } from "@meridian/shared/booking-details";
import { keepHoldAtBooking } from "@meridian/shared/payment-policy";
import { toCents } from "@meridian/shared/pricing";
import { PRICE_CHANGED_ON_RESCHEDULE, RESCHEDULE_CARD_NEEDS_STEP, type RescheduleInput } from "@meridian/shared/rides";
import { zonedInstant } from "@meridian/shared/zoned-time";
import type { SessionUser } from "../auth";
import { bookings } from "../db/schema";
import type { Deps } from "../lib/context";
import { badRequest, conflict, HttpError } from "../lib/errors";
import { priceQuote, refuseUnbookableTime, verifyQuoteToken } from "../quotes";
import { cachedOperationsSettings, getOperationsSettings } from "../settings/settings.service";
import { myBooking, termsFor } from "./cancel.service";
import {
  bookingCharge,
  movePaymentJobs,
  paymentErrorToHttp,
  type PaymentRecord,
  recordAuthorisation,
  releaseUnusedHold,
  savedCard,
  scheduleHoldSweep,
} from "../payments";
import { PaymentError, type AuthorizeInput, type PaymentIntent } from "../lib/payment-provider";
import { formatClock } from "@meridian/shared/valet-pricing";
import { mailReschedule } from "./change-notices";
import {
  announceBooking,
  type BookingRow,
  cancelRideReminders,
  moveBooking,
  scheduleRideReminder,
  STALE_STATUS_MESSAGE,
  stampEvent,
} from "../bookings";
import { minutesBetween } from "@meridian/shared/flights";
import { formatMoney } from "@meridian/shared/money";

export async function rescheduleRide(deps: Deps, me: SessionUser, id: string, input: RescheduleInput) {
  const db = deps.database.db;
  const b = await myBooking(db, me, id);
  const d = b.details;
  if (d.service !== "ride") throw conflict("Only rides can be rescheduled here.", "not_a_ride");
  if (b.status !== "pending" && b.status !== "confirmed") throw conflict("This ride can no longer be rescheduled.", "illegal_transition");
  const terms = await termsFor(db, b);
  if (!terms.free && terms.cutoffHours > 0) {
    throw conflict(`Rides can be rescheduled until ${terms.cutoffHours} hours before pickup. You can still cancel.`, "past_cutoff");
  }
  // The new time first: past, too soon or off the quarter hour is refused with the earliest bookable time.
  refuseUnbookableTime("ride", input.date, input.time, await cachedOperationsSettings(db, 500));
  const verified = verifyQuoteToken(deps.config.authSecret, input.quoteId);
  if (!verified.ok) {
    const message = verified.code === "quote_expired" ? QUOTE_EXPIRED_MESSAGE : QUOTE_INVALID_MESSAGE;
    throw badRequest(message, { quoteId: message }, verified.code);
  }
  const c = verified.claims;
  const same =
    c.pickupPlaceId === d.pickup.placeId &&
    c.dropoffPlaceId === d.dropoff.placeId &&
    c.vehicleTypeId === d.vehicleTypeId &&
    c.passengers === d.passengers &&
    c.luggage === d.luggage &&
    c.date === input.date &&
    c.time === input.time;
  if (!same) throw badRequest("This quote is for a different ride. Get a quote for the new time.", { quoteId: QUOTE_INVALID_MESSAGE }, "invalid_quote");
  const priced = await priceQuote(deps, { pickupPlaceId: c.pickupPlaceId, dropoffPlaceId: c.dropoffPlaceId, vehicleTypeId: c.vehicleTypeId, passengers: c.passengers, luggage: c.luggage, date: input.date, time: input.time }, { maxPricingAgeMs: 500, checkAvailability: false });
  if (toCents(priced.quote.totalUsd) !== toCents(c.totalUsd)) throw conflict(QUOTE_CHANGED_MESSAGE, "quote_changed");
  const priceChanged = toCents(priced.quote.totalUsd) !== toCents(b.price ?? 0);
  if (priceChanged && !input.acceptNewPrice) throw new HttpError(409, "price_changed", PRICE_CHANGED_ON_RESCHEDULE);

  const { timeZone } = await getOperationsSettings(db);
  const pickupAt = zonedInstant(input.date, input.time, timeZone);
  const details: RideDetails = { ...d, date: input.date, time: input.time, miles: priced.quote.miles, minutes: priced.quote.minutes, quote: priced.quote };
  // An airport pickup's flight: a new time on the same day keeps following it (the new time sets the buffer after
  // the landing); another day drops it (the flight of the old day is not the customer's any more).
  if (d.flight) {
    if (input.date === d.flight.date) details.flight = { ...d.flight, bufferMinutes: minutesBetween(d.flight.scheduledArrival, pickupAt), bookedTime: input.time };
    else delete details.flight;
  }
  const set = { bookingDate: input.date, pickupAt, price: priced.quote.totalUsd, details };
  const actor = { id: me.id, name: me.name, role: me.role ?? "user" };
  const note = `Rescheduled from ${d.date} ${d.time} to ${input.date} ${input.time}${priceChanged ? `; new price ${formatMoney(priced.quote.totalUsd)} accepted` : ""}`;
  // The new time must be servable, the ride's own old time left out: checked before any new hold on the card, and again under the day's lock.
  const ride = { pickupAt, minutes: priced.quote.minutes, vehicleTypeId: c.vehicleTypeId };
  await deps.availability.refuse(db, ride, { bookingId: b.id });
  const card = await cardForNewTime(deps, b, pickupAt, toCents(priced.quote.totalUsd));
  let row: BookingRow;
  try {
    row = await db.transaction(async (tx) => {
      await deps.availability.refuseLocked(tx, ride, { bookingId: b.id });
      let row;
      if (b.status === "confirmed") {
        row = await moveBooking(tx, b, "pending", "customer", actor, { set: { ...set, chauffeurId: null, assignedVehicleTypeId: null, unitId: null }, note: `${note}; chauffeur released` });
      } else {
        [row] = await tx.update(bookings).set(set).where(and(eq(bookings.id, b.id), eq(bookings.status, "pending"))).returning();
        if (!row) throw conflict(STALE_STATUS_MESSAGE, "stale_status");
        await stampEvent(tx, b.id, "pending", "pending", actor, note);
      }
      await cancelRideReminders(tx, b.id);
      await scheduleRideReminder(tx, row);
      if (card.fresh) await recordAuthorisation(tx, deps.payments.kind, card.fresh.intent, b.id, card.fresh.card);
      // A far-off ride's re-authorisation and unpaid cancellation follow the new time; so does an unpaid ride's cancellation.
      await movePaymentJobs(tx, row);
      await mailReschedule(tx, deps, row, `${d.date} at ${formatClock(d.time)}`);
      return row;
    });
  } catch (err) {
    // Nothing moved: the new hold is let go and not recorded (a row of it would read as the booking's newest charge,
    // hiding the hold it still has). Should the release fail, the hold sweep releases it (no row knows it).
    if (card.fresh) await releaseUnusedHold(deps, b.id, card.fresh.intent.id, "a rescheduled ride's new hold", false);
    throw err;
  }
  if (card.release) await releaseUnusedHold(deps, b.id, card.release.intentId, "a rescheduled ride's old hold");
  deps.availability.invalidate();
  announceBooking(deps, row, b.chauffeurId);
  return row;
}

type CardStep = { fresh?: { intent: PaymentIntent; card: { paymentMethod: string; customerRef: string | null } }; release?: PaymentRecord };

/** What the move does to the ride's card (see the top of this file); authorises the new total when needed. */
async function cardForNewTime(deps: Deps, b: BookingRow, pickupAt: Date, totalCents: number): Promise<CardStep> {
  const charge = await bookingCharge(deps.database.db, b.id);
  if (!charge) return {}; // booked before payments
  const held = charge.status === "requires_capture" ? charge : undefined;
  if (!keepHoldAtBooking(pickupAt, new Date())) return held ? { release: held } : {};
  const waiting = charge.status === "canceled"; // booked far off: the hold was released at booking
  // A hold lasts from when it was taken: one for another total, or one that would lapse before the new time, is replaced.
  const replace = held !== undefined && (held.amountCents !== totalCents || !keepHoldAtBooking(pickupAt, held.createdAt));
  if (!waiting && !replace) return {};
  const card = await savedCard(deps.database.db, b.id);
  if (!card) return {};
  try {
    const request: AuthorizeInput = { amountCents: totalCents, paymentMethod: card.paymentMethod, ...(card.customerRef ? { customer: card.customerRef } : {}), description: `Booking ${b.id}`, metadata: { bookingId: b.id } };
    const providerKey = `booking:${b.id}:authorize:reschedule:${charge.intentId}:${pickupAt.toISOString()}:${totalCents}`;
    // Should this process die before the move is saved, the sweep releases the new hold (no charge row knows it).
    await scheduleHoldSweep(deps.database.db, { providerKey, request });
    const intent = await deps.payments.authorize(request, providerKey);
    if (intent.status !== "requires_capture") {
      // Refused, nothing changed: let go, and not recorded (it would read as the booking's charge, hiding its hold).
      await releaseUnusedHold(deps, b.id, intent.id, "a rescheduled ride's unauthenticated hold", false);
      throw new HttpError(402, "authentication_required", RESCHEDULE_CARD_NEEDS_STEP, { paymentMethod: RESCHEDULE_CARD_NEEDS_STEP });
    }
    return { fresh: { intent, card }, release: held };
  } catch (err) {
    throw err instanceof PaymentError ? paymentErrorToHttp(err) : err;
  }
}
