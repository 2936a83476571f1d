// When a booking's card is held, and for how long. A card authorisation lapses after about 7 days, so the
// hold is kept from booking to completion only when the service is close; a far-off service is authorised at
// booking (so a decline or 3-D Secure happens while the customer is there), released at once, and authorised
// again off-session shortly before the service. See docs/decisions/011.

/** Services starting within this many days of booking keep the booking-time hold until completion. */
export const HOLD_AT_BOOKING_DAYS = 5;
/** A far-off service's card is authorised again this many hours before it starts. */
export const REAUTHORIZE_HOURS_BEFORE = 48;
/** Still unpaid this many hours before it starts, a far-off booking is cancelled without a fee. */
export const UNPAID_CANCEL_HOURS_BEFORE = 12;

const HOUR = 3_600_000;

/** Keep the booking-time authorisation until completion (true), or release it and authorise again later. */
export function keepHoldAtBooking(serviceStartsAt: Date, now: Date): boolean {
  return serviceStartsAt.getTime() - now.getTime() <= HOLD_AT_BOOKING_DAYS * 24 * HOUR;
}

/** When a far-off service's card is authorised again. */
export function reauthorizeAt(serviceStartsAt: Date): Date {
  return new Date(serviceStartsAt.getTime() - REAUTHORIZE_HOURS_BEFORE * HOUR);
}

/** When a far-off booking still unpaid is cancelled. */
export function unpaidCancelAt(serviceStartsAt: Date): Date {
  return new Date(serviceStartsAt.getTime() - UNPAID_CANCEL_HOURS_BEFORE * HOUR);
}


/** A booking made for a caller waits this long for the customer to pay through the link... */
export const CALLER_PAYMENT_HOURS = 24;
/** ...but no later than this many hours before the service (so the slot can go to someone else)... */
export const CALLER_PAYMENT_HOURS_BEFORE = 2;
/** ...and never less than this many minutes (a service booked at short notice). */
export const CALLER_PAYMENT_MIN_MINUTES = 30;

/** When a booking made for a caller is released (cancelled without a fee) if its payment link was never used. */
export function callerPaymentDueAt(bookedAt: Date, serviceStartsAt: Date): Date {
  const latest = Math.min(bookedAt.getTime() + CALLER_PAYMENT_HOURS * HOUR, serviceStartsAt.getTime() - CALLER_PAYMENT_HOURS_BEFORE * HOUR);
  return new Date(Math.max(latest, bookedAt.getTime() + CALLER_PAYMENT_MIN_MINUTES * 60_000));
}
