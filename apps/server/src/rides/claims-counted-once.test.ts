// The availability rule counts a ride booking in progress (its Idempotency-Key claimed, the card being authorised) as
// a ride, and each booking once: a claim that becomes its booking while the picture is read is neither missed nor
// counted twice. Counted twice, the loser of a race for the last car was told every chauffeur was booked (CI, on
// PostgreSQL). The completion is put exactly between the two reads here, where a race only sometimes puts it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AvailabilityWorld } from "@meridian/shared/availability";
import { idempotencyKeys } from "../db/schema";
import { createFleetTestApp, insertBooking, type TestFleet } from "../test/factories";
import type { TestApp } from "../test/harness";
import { availabilityWorld } from "./capacity.service";
import { withClaims } from "./availability.service";

let t: TestApp;
let fleet: TestFleet;
let userId: string;
const from = new Date("2027-03-10T08:00:00Z");
const to = new Date("2027-03-11T08:00:00Z");
const pickupAt = new Date("2027-03-10T20:00:00Z");

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp());
  userId = (await t.userWithSession()).user.id;
});
afterAll(() => t.close());

/** A booking in progress: the key claimed with the ride's hold, no answer yet. */
async function claim(key: string) {
  await t.db.insert(idempotencyKeys).values({ userId, key, requestHash: "h", responseStatus: null, responseBody: { hold: { pickupAt: pickupAt.toISOString(), minutes: 30, vehicleTypeId: fleet.sedan.id } } });
}
/** What the booking's one statement does: the ride row, and the claim answered with it. */
async function complete(key: string) {
  const booking = await insertBooking(t.db, { userId, service: "ride", status: "pending", pickupAt, vehicleTypeId: fleet.sedan.id });
  await t.db.update(idempotencyKeys).set({ responseStatus: 201, responseBody: { booking: { id: booking.id } } }).where(eq(idempotencyKeys.key, key));
  return booking.id;
}
const ridesAt = (world: AvailabilityWorld) => world.rides.filter((r) => r.pickupAt.getTime() === pickupAt.getTime()).map((r) => r.id);

describe("a booking in progress is counted once", () => {
  it("when it becomes its booking after the claims were read and before the sold rides were", async () => {
    await claim("between");
    let bookingId = "";
    const world = await withClaims(t.db, async () => ((bookingId = await complete("between")), availabilityWorld(t.db, from, to)), from, to, new Date());
    expect(ridesAt(world)).toEqual([bookingId]);
  });

  it("when it becomes its booking after both were read (counted as the claim)", async () => {
    await t.db.delete(idempotencyKeys);
    await t.db.execute("delete from bookings");
    await claim("after");
    const world = await withClaims(t.db, async () => {
      const sold = await availabilityWorld(t.db, from, to);
      await complete("after");
      return sold;
    }, from, to, new Date());
    expect(ridesAt(world)).toEqual([`claim:${userId}:after`]);
  });

  it("while it is in progress, as its claim; once booked, as its booking", async () => {
    await t.db.delete(idempotencyKeys);
    await t.db.execute("delete from bookings");
    await claim("plain");
    const read = () => withClaims(t.db, () => availabilityWorld(t.db, from, to), from, to, new Date());
    expect(ridesAt(await read())).toEqual([`claim:${userId}:plain`]);
    const bookingId = await complete("plain");
    expect(ridesAt(await read())).toEqual([bookingId]);
  });
});
