// Ride booking keys claimed together (ride-claims.ts): claims that arrive while others are being made are made in one
// transaction, checked in arrival order on one picture, each counting those allowed before it. A claim refused leaves
// neither its key nor its card's hold sweep behind; the same key twice is claimed once. PGlite and PostgreSQL.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNAVAILABLE_MESSAGES } from "@meridian/shared/availability";
import { zonedInstant } from "@meridian/shared/zoned-time";
import { idempotencyKeys, jobs } from "../db/schema";
import { HttpError } from "../lib/errors";
import { HOLD_SWEEP_JOB, scheduleHoldSweep } from "../payments/hold-sweep";
import { createFleetTestApp, giveCapacity, laDate, type TestFleet } from "../test/factories";
import type { TestApp } from "../test/harness";
import { claimRideKey, type RideClaim } from "./ride-claims";

let t: TestApp;
let fleet: TestFleet;
let userId: string;
const LA = "America/Los_Angeles";
const DAY = laDate(9);
const NEXT_DAY = laDate(10);

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp());
  userId = (await t.userWithSession()).user.id;
  // Two sedans, and each day three chauffeurs from 06:00 to 22:00: two sedan rides at a time.
  for (const [i, day] of [DAY, NEXT_DAY].entries()) {
    await giveCapacity(t, { from: zonedInstant(day, "06:00", LA), to: zonedInstant(day, "22:00", LA), chauffeurs: 3, unitsPerType: i === 0 ? 2 : 0, vehicleTypeIds: [fleet.sedan.id] });
  }
});
afterAll(() => t.close());

function claimAt(day: string, time: string, key = crypto.randomUUID()): RideClaim {
  const providerKey = `booking:${userId}:${key}:authorize`;
  return {
    userId,
    key,
    hash: "h",
    ride: { pickupAt: zonedInstant(day, time, LA), minutes: 30, vehicleTypeId: fleet.sedan.id },
    sweep: { providerKey, request: { amountCents: 10_000, paymentMethod: "pm_card_visa", description: "test" }, claim: { userId, key } },
  };
}

/** Sends the claims in one turn of the event loop: the first is made at once, the others wait and are made together. */
const settleAll = (claims: RideClaim[]) => Promise.allSettled(claims.map((c) => claimRideKey(t.deps, c)));

const keysLeft = async (claims: RideClaim[]) =>
  (await t.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), inArray(idempotencyKeys.key, claims.map((c) => c.key))))).map((r) => r.key);
const sweepsLeft = async (claims: RideClaim[]) =>
  (await t.db.select({ key: jobs.key }).from(jobs).where(inArray(jobs.key, claims.map((c) => `${HOLD_SWEEP_JOB}:${c.sweep.providerKey}`)))).map((r) => r.key);

describe("ride claims made together", () => {
  it("sells each car once: the waiting claims share one transaction, and each counts the claims allowed before it", async () => {
    const claims = Array.from({ length: 6 }, () => claimAt(DAY, "10:00"));
    const answers = await settleAll(claims);
    // Two sedans: the first claim (made alone) and the first of the five made together.
    expect(answers.map((a) => a.status)).toEqual(["fulfilled", "fulfilled", "rejected", "rejected", "rejected", "rejected"]);
    const [alone, together] = answers.map((a) => (a.status === "fulfilled" ? (a.value as { at: Date }).at.getTime() : null));
    expect(together).not.toBe(alone); // a second transaction, made once the first was done
    for (const refused of answers.slice(2)) {
      const err = (refused as PromiseRejectedResult).reason as HttpError;
      expect(err).toBeInstanceOf(HttpError);
      expect(err).toMatchObject({ status: 409, code: "unavailable", message: UNAVAILABLE_MESSAGES.no_unit });
      expect((err.extra as { alternatives: unknown[] }).alternatives).toHaveLength(3);
    }
    // The refused leave nothing behind; the allowed hold their place with their card's sweep scheduled.
    expect((await keysLeft(claims)).sort()).toEqual([claims[0]!.key, claims[1]!.key].sort());
    expect((await sweepsLeft(claims)).sort()).toEqual([claims[0]!, claims[1]!].map((c) => `${HOLD_SWEEP_JOB}:${c.sweep.providerKey}`).sort());
    const [held] = await t.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, claims[1]!.key));
    expect(held).toMatchObject({ responseStatus: null, responseBody: { hold: { pickupAt: claims[1]!.ride.pickupAt.toISOString(), minutes: 30, vehicleTypeId: fleet.sedan.id } } });
  });

  it("claims the same key once when it comes twice in one batch; the second finds it held", async () => {
    const lead = claimAt(DAY, "14:00");
    const twice = claimAt(DAY, "15:00");
    const answers = await Promise.all([lead, twice, twice].map((c) => claimRideKey(t.deps, c)));
    expect(answers[1]).toEqual({ at: expect.any(Date) });
    expect(answers[2]).toBeNull();
    expect(await keysLeft([twice])).toEqual([twice.key]);
  });

  it("checks claims for different days in one batch against each day's own cars", async () => {
    const claims = [claimAt(DAY, "18:00"), claimAt(DAY, "18:00"), claimAt(NEXT_DAY, "18:00"), claimAt(DAY, "18:00"), claimAt(NEXT_DAY, "18:00"), claimAt(NEXT_DAY, "18:00")];
    const answers = await settleAll(claims);
    // DAY: the first two; NEXT_DAY: its first two. The third of each day is refused.
    expect(answers.map((a) => a.status)).toEqual(["fulfilled", "fulfilled", "fulfilled", "rejected", "fulfilled", "rejected"]);
    expect(((answers[3] as PromiseRejectedResult).reason as HttpError).code).toBe("unavailable");
  });

  it("a refused claim leaves the sweep an earlier try of its key scheduled (its card may hold money)", async () => {
    // An earlier try with this key authorised (the sweep scheduled with its claim), then let the key go (an
    // authentication step): its sweep stays due. The retry is refused: the two sedans at 12:00 are taken.
    await settleAll([claimAt(DAY, "12:00"), claimAt(DAY, "12:00")]);
    const retry = claimAt(DAY, "12:00");
    await scheduleHoldSweep(t.db, retry.sweep);
    const [earlier] = await t.db.select().from(jobs).where(eq(jobs.key, `${HOLD_SWEEP_JOB}:${retry.sweep.providerKey}`));
    await expect(claimRideKey(t.deps, retry)).rejects.toMatchObject({ status: 409, code: "unavailable" });
    expect(await keysLeft([retry])).toEqual([]);
    expect(await t.db.select().from(jobs).where(eq(jobs.key, `${HOLD_SWEEP_JOB}:${retry.sweep.providerKey}`))).toEqual([earlier]);
  });

  it("a key held already is not claimed again (the caller's single way takes it over or waits)", async () => {
    const held = claimAt(DAY, "20:00");
    expect(await claimRideKey(t.deps, held)).toEqual({ at: expect.any(Date) });
    expect(await claimRideKey(t.deps, held)).toBeNull();
    expect(await keysLeft([held])).toEqual([held.key]);
  });
});
