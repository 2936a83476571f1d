// A booking's flight, as the booking keeps it, and the durable job that follows it: a ride booked with a flight
// number schedules its first look in the booking's transaction (the looks themselves, and what they change, are
// flights/follow.ts).
import { FOLLOW_LEAD_HOURS, minutesBetween, type BookingFlight, type FlightStatus } from "@meridian/shared/flights";
import { zonedInstant } from "@meridian/shared/zoned-time";

export const FLIGHT_FOLLOW_JOB = "flight.follow";

/** What a new booking keeps about its flight (the quote's lookup). */
export function bookingFlightOf(status: FlightStatus, date: string, time: string, timeZone: string): BookingFlight {
  return {
    flightNumber: status.flightNumber,
    airlineName: status.airlineName,
    origin: status.origin,
    date,
    scheduledArrival: status.scheduledArrival,
    bufferMinutes: minutesBetween(status.scheduledArrival, zonedInstant(date, time, timeZone)),
    bookedTime: time,
    live: null,
  };
}

export const followJobAt = (bookingId: string, runAt: Date) => ({ kind: FLIGHT_FOLLOW_JOB, key: `${FLIGHT_FOLLOW_JOB}:${bookingId}:${runAt.toISOString()}`, runAt, payload: { bookingId } });

/** The first look at a new booking's flight: FOLLOW_LEAD_HOURS before its scheduled arrival (or now, when closer). */
export function firstFollowJob(bookingId: string, details: { service: string; flight?: BookingFlight }, now = new Date()) {
  if (details.service !== "ride" || !details.flight) return null;
  const at = Math.max(now.getTime(), Date.parse(details.flight.scheduledArrival) - FOLLOW_LEAD_HOURS * 3_600_000);
  return followJobAt(bookingId, new Date(Math.floor(at / 1000) * 1000));
}
