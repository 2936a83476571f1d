// What quotes and bookings ask of the rides domain before selling a ride (issue 26, decision 020): can one more ride
// of this vehicle type be served at this time? The implementation (rides/availability.service.ts) is chosen in the
// composition root (server.ts), so pricing and bookings never import rides.
import type { SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/client";
import type { HttpError } from "./errors";

/**
 * A ride about to be sold: its pickup instant, its quoted minutes and the vehicle type it needs a car of. A field added
 * here goes into availability.service.ts's `rideKey` too (quotes remember a yes per ride, picture of the day and settings).
 */
export type RideToSell = { pickupAt: Date; minutes: number; vehicleTypeId: string };

/** Left out of the rides counted against capacity: the booking being moved, or the Idempotency-Key claim being made. */
export type NotCounted = { bookingId?: string; claim?: { userId: string; key: string } };

/** A ride to sell and what of the picture is its own (its claim, or the booking it moves). */
export type Sale = { ride: RideToSell; notCounted?: NotCounted };

export type AvailabilityPort = {
  /**
   * 409 `unavailable` (UNAVAILABLE_MESSAGES' sentence and the three nearest sellable times the same day, none in
   * the past or inside the booking notice) when the ride cannot be served. Reads a picture of the day at most a
   * second old (quotes: the booking checks again under the lock).
   */
  refuse(db: Db, ride: RideToSell, notCounted?: NotCounted): Promise<void>;
  /**
   * Inside the booking's transaction: takes the service days' locks (a transaction-scoped advisory lock per day,
   * so two bookings that could overlap queue up), then checks on the committed rows, bookings in progress (their
   * Idempotency-Key claims) included. Throws the same 409.
   */
  refuseLocked(tx: Tx, ride: RideToSell, notCounted?: NotCounted, opts?: { locked?: boolean }): Promise<void>;
  /**
   * The select-list items that take the locks refuseLocked takes for `rides`, for a statement of the caller's run first
   * in the same transaction (the booking's key claims: one round trip less); refuseLocked(..., { locked: true }) and
   * checkLocked then take none themselves.
   */
  sellingLocks(rides: RideToSell[]): SQL;
  /**
   * In a transaction holding the locks of every sale's days (sellingLocks): the sales checked in order on one fresh
   * picture, each counting those allowed before it (a batch of booking claims). Per sale, null (allowed) or its 409.
   */
  checkLocked(tx: Tx, sales: Sale[]): Promise<(HttpError | null)[]>;
  /** A ride was sold, moved or shifts changed in this process: the next quote reads the day again. */
  invalidate(): void;
};

/** What an Idempotency-Key claim of a ride booking holds while in progress (idempotency_keys.response_body). */
export type RideHold = { hold: { pickupAt: string; minutes: number; vehicleTypeId: string } };
