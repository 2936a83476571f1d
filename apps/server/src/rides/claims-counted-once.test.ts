// The availability rule counts a ride booking in progress (its Idempotency-Key claimed, the card being authorised) as
// a ride, and each booking once: a claim that becomes its booking while the picture is read is neither missed nor
// counted twice. Counted twice, the loser of a race for the last car was told every chauffeur was booked (CI, on
// PostgreSQL, when the claims and the sold rides were two reads). The picture is now one statement: one snapshot.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AvailabilityWorld } from "@meridian/shared/availability";
import { idempotencyKeys } from "../db/schema";
import { createFleetTestApp, insertBooking, type TestFleet } from "../test/factories";
import type { TestApp } from "../test/harness";
import { dayWorld } from "./availability.service";

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
/** What the booking's one statement does: the ride row, and the claim answered with it, committed together. */
async function complete(key: string) {
  return t.db.transaction(async (tx) => {
    const booking = await insertBooking(tx as unknown as typeof t.db, { userId, service: "ride", status: "pending", pickupAt, vehicleTypeId: fleet.sedan.id });
    await tx.update(idempotencyKeys).set({ responseStatus: 201, responseBody: { booking: { id: booking.id } } }).where(eq(idempotencyKeys.key, key));
    return booking.id;
  });
}
const ridesAt = (world: AvailabilityWorld) => world.rides.filter((r) => r.pickupAt.getTime() === pickupAt.getTime()).map((r) => r.id);

const read = () => dayWorld(t.db, { from, to }, new Date());

describe("a booking in progress is counted once", () => {
  it("while it is in progress, as its claim; once booked, as its booking", async () => {
    await claim("plain");
    expect(ridesAt(await read())).toEqual([`claim:${userId}:plain`]);
    const bookingId = await complete("plain");
    expect(ridesAt(await read())).toEqual([bookingId]);
  });

  it("when bookings complete while the picture is read: every picture counts each ride once", async () => {
    await t.db.delete(idempotencyKeys);
    await t.db.execute("delete from bookings");
    const keys = Array.from({ length: 12 }, (_, i) => `race-${i}`);
    for (const key of keys) await claim(key);
    const pictures: AvailabilityWorld[] = [];
    await Promise.all([
      ...keys.map((key) => complete(key)),
      ...keys.map(async () => pictures.push(await read())),
    ]);
    pictures.push(await read());
    for (const picture of pictures) expect(ridesAt(picture)).toHaveLength(keys.length);
    expect(ridesAt(pictures.at(-1)!).some((id) => id.startsWith("claim:"))).toBe(false);
  });
});
