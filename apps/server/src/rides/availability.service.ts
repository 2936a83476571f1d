// The availability rule (packages/shared/src/availability.ts) at quote and at booking: the day's shifts, cars and
// sold rides (capacity.service.ts), plus the ride bookings in progress (an Idempotency-Key claimed, the card being
// authorised), against Settings → Operations (buffer, operating hours, blackout dates). Decision 020.
import { sql, type SQL } from "drizzle-orm";
import { nearestSellableTimes, rideAvailability, UNAVAILABLE_MESSAGES, type AvailabilityRules, type AvailabilityWorld, type SoldRide } from "@meridian/shared/availability";
import { earliestBookable } from "@meridian/shared/booking-time";
import { DEFAULT_OPERATIONS_SETTINGS, rideWindow, type OperationsSettings } from "@meridian/shared/rides";
import { addDays, wallClock, zonedInstant } from "@meridian/shared/zoned-time";
import { executeRows, type Db, type Tx } from "../db/client";
import type { AvailabilityPort, NotCounted, RideHold, RideToSell, Sale } from "../lib/availability-port";
import { HttpError } from "../lib/errors";
import { STALE_CLAIM_MS } from "../payments";
import { cachedOperationsSettings, operationsSettingsColumn, operationsSettingsOf } from "../settings/settings.service";
import { TtlCache } from "../lib/ttl-cache";
import { at, spanColumns, windowColumns, worldOf } from "./capacity.service";

const HOUR = 3_600_000;
/** How old the day's picture a quote checks against may be (the booking checks again, fresh and locked). */
const QUOTE_WORLD_MAX_AGE_MS = 1_000;
/** The advisory lock space of "a service day is being sold" (pg_advisory_xact_lock(space, day number)). */
const SELLING_DAY_LOCK = 26_020;

/**
 * The locks rides' sales take, as select-list items: for each ride the UTC day of its pickup and the day before. Two
 * rides that could overlap (pickups less than a day apart) share one, whatever the settings' time zone, so the lock
 * needs no settings read first. Taken in ascending order by every seller, so that no two deadlock on them.
 */
function sellingLocks(rides: RideToSell[]): SQL {
  const days = new Set<number>();
  for (const ride of rides) {
    const day = Math.floor(ride.pickupAt.getTime() / (24 * HOUR));
    days.add(day - 1).add(day);
  }
  return sql.join(
    [...days].sort((a, b) => a - b).map((day) => sql`pg_advisory_xact_lock(${SELLING_DAY_LOCK}, ${day}::int)`),
    sql`, `,
  );
}

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

/**
 * The ride bookings in progress (an Idempotency-Key claimed, the card being authorised) with pickups in [from, to), as
 * a column of the picture's statement: one snapshot with the sold rides, so a booking that completes meanwhile (its
 * claim answered and its ride written by one statement, bookings/booking-rows.ts) is counted once, as one or the other.
 */
const claimsColumn = (from: Date, to: Date, now: Date) => {
  const pickup = sql`(response_body -> 'hold' ->> 'pickupAt')::timestamptz`;
  return sql`(select coalesce(json_agg(json_build_object('userId', user_id, 'key', key, 'hold', response_body -> 'hold')), '[]') from idempotency_keys
    where response_status is null and created_at > ${at(new Date(now.getTime() - STALE_CLAIM_MS))} and response_body -> 'hold' is not null
      and ${pickup} >= ${at(from)} and ${pickup} < ${at(to)}) as claims`;
};

/** How the picture names a booking in progress (an Idempotency-Key claim). */
const claimId = (claim: { userId: string; key: string }) => `claim:${claim.userId}:${claim.key}`;

/** The picture (worldOf) with the bookings in progress counted as rides with no chauffeur or car yet. */
function pictureOf(row: Record<string, unknown>): AvailabilityWorld {
  const world = worldOf(row);
  const claims = (row.claims as ({ userId: string; key: string } & RideHold)[]).map(
    ({ userId, key, hold }): SoldRide => ({ id: claimId({ userId, key }), pickupAt: new Date(hold.pickupAt), minutes: hold.minutes, vehicleTypeId: hold.vehicleTypeId, chauffeurId: null, unitId: null }),
  );
  return claims.length ? { ...world, rides: [...world.rides, ...claims] } : world;
}

/** The shifts, cars and sold rides around a day, bookings in progress included: one statement. */
export async function dayWorld(db: Db | Tx, day: Pick<Day, "from" | "to">, now: Date): Promise<AvailabilityWorld> {
  const [row] = await executeRows(db as Db, sql`select ${spanColumns(day.from, day.to)}, ${claimsColumn(new Date(day.from.getTime() - 24 * HOUR + 1), day.to, now)}`);
  return pictureOf(row!);
}

/**
 * The same for rides' windows only (windowColumns), with the operations settings: what a booking checks under the
 * lock, one statement. The windows are drawn with `bufferMinutes`; the settings read with them may hold another buffer.
 */
async function windowPicture(db: Tx, rides: RideToSell[], bufferMinutes: number, now: Date) {
  const ws = rides.map((ride) => rideWindow(ride.pickupAt, ride.minutes, bufferMinutes));
  const from = Math.min(...ws.map((w) => w.start.getTime())) - 24 * HOUR;
  const to = Math.max(...ws.map((w) => w.end.getTime()));
  const [row] = await executeRows(db as unknown as Db, sql`select ${windowColumns(ws, bufferMinutes)}, ${claimsColumn(new Date(from), new Date(to), now)}, ${operationsSettingsColumn}`);
  return { world: pictureOf(row!), settings: operationsSettingsOf(row!.operations_settings), bufferMinutes };
}

/** The picture without the rides of `notCounted` (each sale's own booking or claim), and with `more` rides. */
function without(world: AvailabilityWorld, notCounted: NotCounted[], more: SoldRide[] = []): AvailabilityWorld {
  const ids = new Set(notCounted.flatMap(({ bookingId, claim }) => [...(bookingId ? [bookingId] : []), ...(claim ? [claimId(claim)] : [])]));
  if (!ids.size && !more.length) return world;
  return { ...world, rides: [...world.rides.filter((r) => !ids.has(r.id)), ...more] };
}

/** A sale allowed earlier in the same check, counted as a ride with no chauffeur or car yet. */
const allowedRide = ({ ride, notCounted }: Sale, i: number): SoldRide => ({
  id: notCounted?.claim ? claimId(notCounted.claim) : (notCounted?.bookingId ?? `sale:${i}`),
  pickupAt: ride.pickupAt,
  minutes: ride.minutes,
  vehicleTypeId: ride.vehicleTypeId,
  chauffeurId: null,
  unitId: null,
});

const rulesOf = (settings: OperationsSettings): AvailabilityRules => ({ timeZone: settings.timeZone, bufferMinutes: settings.dispatchBufferMinutes, operatingHours: settings.operatingHours, blackoutDates: settings.blackoutDates });

/** The 409 when the ride cannot be sold on this picture of the day, else null. */
function refusal(ride: RideToSell, world: AvailabilityWorld, settings: OperationsSettings, now: Date): HttpError | null {
  const rules = rulesOf(settings);
  const { reason } = rideAvailability(ride, world, rules);
  if (!reason) return null;
  const alternatives = nearestSellableTimes(ride, world, rules, { notBefore: earliestBookable("ride", settings, now).at });
  return new HttpError(409, "unavailable", UNAVAILABLE_MESSAGES[reason], undefined, { alternatives });
}

function check(ride: RideToSell, world: AvailabilityWorld, settings: OperationsSettings, now: Date): void {
  const refused = refusal(ride, world, settings, now);
  if (refused) throw refused;
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
  let windowBuffer = DEFAULT_OPERATIONS_SETTINGS.dispatchBufferMinutes;

  /**
   * Sales checked in order on one fresh picture of their windows (the caller holds their days' locks), each counting
   * the sales allowed before it: null for a sale allowed, else its 409.
   */
  async function checkLocked(tx: Tx, sales: Sale[]): Promise<(HttpError | null)[]> {
    const now = new Date();
    const rides = sales.map((s) => s.ride);
    // The windows are drawn with the buffer of the last settings seen here; the settings come fresh with the picture
    // (one statement), and a larger buffer reads the windows again.
    let read = await windowPicture(tx, rides, windowBuffer, now);
    if (read.settings.dispatchBufferMinutes > read.bufferMinutes) read = await windowPicture(tx, rides, read.settings.dispatchBufferMinutes, now);
    const { settings } = read;
    windowBuffer = settings.dispatchBufferMinutes;
    const rules = rulesOf(settings);
    const notCounted = sales.map((s) => s.notCounted ?? {});
    const world = without(read.world, notCounted);
    const allowed: SoldRide[] = [];
    const answers: (HttpError | null)[] = [];
    // A no reads the whole day for its alternatives: once per day in one check (the locks keep it as it was).
    const wholeDays = new Map<string, Promise<AvailabilityWorld>>();
    const wholeDay = (ride: RideToSell) => {
      const day = dayOf(ride.pickupAt, settings.timeZone);
      let read = wholeDays.get(day.date);
      if (!read) wholeDays.set(day.date, (read = dayWorld(tx, day, now)));
      return read;
    };
    for (const [i, sale] of sales.entries()) {
      // The rides that reach into the sale's window are enough for a yes.
      const refused = rideAvailability(sale.ride, without(world, [], allowed), rules).sellable
        ? null
        : refusal(sale.ride, without(await wholeDay(sale.ride), notCounted, allowed), settings, now);
      if (!refused) allowed.push(allowedRide(sale, i));
      answers.push(refused);
    }
    return answers;
  }

  return {
    async refuse(db, ride, notCounted) {
      const settings = await cachedOperationsSettings(db, QUOTE_WORLD_MAX_AGE_MS);
      const day = dayOf(ride.pickupAt, settings.timeZone);
      const world = await worlds.load(db, day.date, () => dayWorld(db, day, new Date()));
      if (notCounted) check(ride, without(world, [notCounted]), settings, new Date());
      else checkCached(ride, world, settings);
    },
    sellingLocks,
    async refuseLocked(tx, ride, notCounted, opts) {
      if (!opts?.locked) await tx.execute(sql`select ${sellingLocks([ride])}`);
      const [refused] = await checkLocked(tx, [{ ride, notCounted }]);
      if (refused) throw refused;
    },
    checkLocked,
    invalidate() {
      worlds.clear();
    },
  };
}
