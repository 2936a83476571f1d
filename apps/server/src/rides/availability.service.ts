// The availability rule (packages/shared/src/availability.ts) at quote and at booking: the day's shifts, cars and
// sold rides (capacity.service.ts), plus the ride bookings in progress (an Idempotency-Key claimed, the card being
// authorised), against Settings → Operations (buffer, operating hours, blackout dates). Decision 020.
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import { nearestSellableTimes, rideAvailability, UNAVAILABLE_MESSAGES, type AvailabilityRules, type AvailabilityWorld, type SoldRide } from "@meridian/shared/availability";
import { earliestBookable } from "@meridian/shared/booking-time";
import { rideWindow, type OperationsSettings } from "@meridian/shared/rides";
import { addDays, wallClock, zonedInstant } from "@meridian/shared/zoned-time";
import type { Db, Tx } from "../db/client";
import { idempotencyKeys } from "../db/schema";
import type { AvailabilityPort, NotCounted, RideHold, RideToSell } from "../lib/availability-port";
import { HttpError } from "../lib/errors";
import { STALE_CLAIM_MS } from "../payments";
import { cachedOperationsSettings, getOperationsSettings } from "../settings/settings.service";
import { TtlCache } from "../lib/ttl-cache";
import { availabilityWorld, windowWorld } from "./capacity.service";

const HOUR = 3_600_000;
/** How old the day's picture a quote checks against may be (the booking checks again, fresh and locked). */
const QUOTE_WORLD_MAX_AGE_MS = 1_000;
/** The advisory lock space of "a service day is being sold" (pg_advisory_xact_lock(space, day number)). */
const SELLING_DAY_LOCK = 26_020;

type Day = { date: string; from: Date; to: Date };

// The service days of recent pickups: quotes ask about the same few pickups many times a second.
const days = new Map<string, Day>();

function dayOf(pickupAt: Date, timeZone: string): Day {
  const key = `${pickupAt.getTime()} ${timeZone}`;
  let day = days.get(key);
  if (!day) {
    const { date } = wallClock(pickupAt, timeZone);
    // Rides of the day and those that reach into it (availabilityWorld reads a day before `from`), up to rides starting
    // early the next morning that a late ride's window reaches.
    day = Object.freeze({ date, from: zonedInstant(date, "00:00", timeZone), to: new Date(zonedInstant(addDays(date, 1), "00:00", timeZone).getTime() + 12 * HOUR) });
    if (days.size >= 2000) days.delete(days.keys().next().value!);
    days.set(key, day);
  }
  return day;
}

type Claim = { userId: string; key: string; ride: SoldRide };

/** The ride bookings in progress (an Idempotency-Key claimed, the card being authorised) with pickups in [from, to). */
async function claimedRides(db: Db | Tx, from: Date, to: Date, now: Date): Promise<Claim[]> {
  const claims = await db
    .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key, body: idempotencyKeys.responseBody })
    .from(idempotencyKeys)
    .where(and(isNull(idempotencyKeys.responseStatus), gt(idempotencyKeys.createdAt, new Date(now.getTime() - STALE_CLAIM_MS)), sql`${idempotencyKeys.responseBody} -> 'hold' is not null`));
  const rides: Claim[] = [];
  for (const c of claims) {
    const { hold } = c.body as RideHold;
    const pickupAt = new Date(hold.pickupAt);
    if (pickupAt < from || pickupAt >= to) continue;
    rides.push({ userId: c.userId, key: c.key, ride: { id: `claim:${c.userId}:${c.key}`, pickupAt, minutes: hold.minutes, vehicleTypeId: hold.vehicleTypeId, chauffeurId: null, unitId: null } });
  }
  return rides;
}

/** The bookings some of these claims have become since they were read (claim id -> booking id). */
async function bookingsOfClaims(db: Db | Tx, claims: Claim[]): Promise<Map<string, string>> {
  const rows = await db
    .select({ userId: idempotencyKeys.userId, key: idempotencyKeys.key, bookingId: sql<string | null>`${idempotencyKeys.responseBody} -> 'booking' ->> 'id'` })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.responseStatus, 201), or(...claims.map((c) => and(eq(idempotencyKeys.userId, c.userId), eq(idempotencyKeys.key, c.key))))));
  return new Map(rows.flatMap((r) => (r.bookingId ? [[`claim:${r.userId}:${r.key}`, r.bookingId] as const] : [])));
}

/**
 * A picture of the sold world with the ride bookings in progress (pickups in [from, to)) counted as rides with no
 * chauffeur or car yet: each booking once.
 */
export async function withClaims(db: Db | Tx, world: () => Promise<AvailabilityWorld>, from: Date, to: Date, now: Date): Promise<AvailabilityWorld> {
  // The claims first, then the sold rides: a booking that finishes meanwhile turns its claim into its ride in one
  // statement (bookings/booking-rows.ts), so read in this order it is seen at least once. The other order (or both
  // at once) could miss it in both, and sell its car twice: two customers racing for the last car both got a booking.
  const claims = await claimedRides(db, from, to, now);
  const sold = await world();
  if (!claims.length) return sold;
  // And at most once: a claim that became its booking before the sold rides were read is counted as that booking. Seen
  // twice, the racing loser was told every chauffeur was booked (two chauffeurs, one ride) instead of every car.
  const became = await bookingsOfClaims(db, claims);
  const soldIds = new Set(sold.rides.map((r) => r.id));
  const inProgress = claims.filter((c) => !soldIds.has(became.get(c.ride.id) ?? "")).map((c) => c.ride);
  return { ...sold, rides: [...sold.rides, ...inProgress] };
}

/** The shifts, cars and sold rides around a day, bookings in progress included. */
const dayWorld = (db: Db | Tx, day: Day, now: Date) => withClaims(db, () => availabilityWorld(db, day.from, day.to), new Date(day.from.getTime() - 24 * HOUR + 1), day.to, now);

/** The same for one ride's window only (windowWorld): what a booking checks under the lock when the answer is yes. */
function windowWorldWithClaims(db: Db | Tx, ride: RideToSell, bufferMinutes: number, now: Date): Promise<AvailabilityWorld> {
  const w = rideWindow(ride.pickupAt, ride.minutes, bufferMinutes);
  return withClaims(db, () => windowWorld(db, w, bufferMinutes), new Date(w.start.getTime() - 24 * HOUR), w.end, now);
}

function without(world: AvailabilityWorld, notCounted: NotCounted = {}): AvailabilityWorld {
  const { bookingId, claim } = notCounted;
  if (!bookingId && !claim) return world;
  const claimId = claim ? `claim:${claim.userId}:${claim.key}` : null;
  return { ...world, rides: world.rides.filter((r) => r.id !== bookingId && r.id !== claimId) };
}

const rulesOf = (settings: OperationsSettings): AvailabilityRules => ({ timeZone: settings.timeZone, bufferMinutes: settings.dispatchBufferMinutes, operatingHours: settings.operatingHours, blackoutDates: settings.blackoutDates });

/** Throws the 409 when the ride cannot be sold on this picture of the day. */
function check(ride: RideToSell, world: AvailabilityWorld, settings: OperationsSettings, now: Date): void {
  const rules = rulesOf(settings);
  const { reason } = rideAvailability(ride, world, rules);
  if (!reason) return;
  const alternatives = nearestSellableTimes(ride, world, rules, { notBefore: earliestBookable("ride", settings, now).at });
  throw new HttpError(409, "unavailable", UNAVAILABLE_MESSAGES[reason], undefined, { alternatives });
}

// The rides found sellable on one picture of a day under one set of operations settings: quotes ask about the same few
// pickups many times a second, and the answer depends on nothing else (both are cached objects, never mutated: a new
// picture or new settings start afresh). A ride that cannot be sold is checked again each time, with its alternatives.
const sellableOn = new WeakMap<AvailabilityWorld, WeakMap<OperationsSettings, Set<string>>>();
const rideKey = (ride: RideToSell) => `${ride.pickupAt.getTime()}|${ride.minutes}|${ride.vehicleTypeId}`;

function checkCached(ride: RideToSell, world: AvailabilityWorld, settings: OperationsSettings): void {
  let bySettings = sellableOn.get(world);
  if (!bySettings) sellableOn.set(world, (bySettings = new WeakMap()));
  let sellable = bySettings.get(settings);
  if (!sellable) bySettings.set(settings, (sellable = new Set()));
  const key = rideKey(ride);
  if (sellable.has(key)) return;
  check(ride, world, settings, new Date());
  sellable.add(key);
}

export function createAvailability(): AvailabilityPort {
  const worlds = new TtlCache<AvailabilityWorld>({ ttlMs: QUOTE_WORLD_MAX_AGE_MS, maxEntries: 400 });

  return {
    async refuse(db, ride, notCounted) {
      const settings = await cachedOperationsSettings(db, QUOTE_WORLD_MAX_AGE_MS);
      const day = dayOf(ride.pickupAt, settings.timeZone);
      const world = await worlds.load(db, day.date, () => dayWorld(db, day, new Date()));
      if (notCounted) check(ride, without(world, notCounted), settings, new Date());
      else checkCached(ride, world, settings);
    },
    async refuseLocked(tx, ride, notCounted) {
      const settings = await getOperationsSettings(tx);
      const day = dayOf(ride.pickupAt, settings.timeZone);
      // The day before too: two rides that could overlap have pickups on the same or adjacent days, so they share a lock.
      for (const date of [addDays(day.date, -1), day.date]) {
        await tx.execute(sql`select pg_advisory_xact_lock(${SELLING_DAY_LOCK}, ${Date.parse(`${date}T00:00:00Z`) / (24 * HOUR)}::int)`);
      }
      const now = new Date();
      // The rides that reach into this ride's window are enough for a yes; a no reads the whole day for its alternatives.
      if (rideAvailability(ride, without(await windowWorldWithClaims(tx, ride, settings.dispatchBufferMinutes, now), notCounted), rulesOf(settings)).sellable) return;
      check(ride, without(await dayWorld(tx, day, now), notCounted), settings, now);
    },
    invalidate() {
      worlds.clear();
    },
  };
}
