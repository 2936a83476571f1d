// The development tools' job clock: an admin runs one booking's scheduled jobs as of a later moment (here the
// off-session re-authorisation 48 hours before a far-off ride) and sees each job's outcome; other bookings' jobs
// stay pending, customers and strangers are refused, and a bad request says which field is wrong.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reauthorizeAt } from "@meridian/shared/payment-policy";
import { toCents } from "@meridian/shared/pricing";
import { bookings } from "../db/schema";
import { startOf } from "../rides/cancel.service";
import type { TestApp } from "../test/harness";
import { createFleetTestApp, createTestFleet, giveCapacityForDays, laDate, rideInput } from "../test/factories";

let t: TestApp;
let admin: { cookie: string };
let customer: { cookie: string };
let fleet: Awaited<ReturnType<typeof createTestFleet>>;

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp());
  await giveCapacityForDays(t, { days: 10 });
  admin = await t.userWithSession({ role: "admin" });
  customer = await t.userWithSession({ fullName: "Grace Hopper" });
});
afterAll(() => t.close());

async function farOffRide(days: number) {
  const q = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: laDate(days), time: "10:00" }) });
  const res = await t.call("POST", "/api/bookings", { cookie: customer.cookie, json: { service: "ride", quoteId: q.body.quoteId, paymentMethod: "pm_card_visa" }, headers: { "Idempotency-Key": crypto.randomUUID() } });
  expect(res.status).toBe(201);
  const [b] = await t.db.select().from(bookings).where(eq(bookings.id, res.body.booking.id));
  return { id: b!.id, startsAt: startOf(b!, "America/Los_Angeles"), total: toCents(b!.price!) };
}

const run = (cookie: string | undefined, json: unknown) => t.call("POST", "/api/dev/jobs/run", { cookie, json });

describe("POST /api/dev/jobs/run", () => {
  it("runs the booking's jobs due by then, and only that booking's", async () => {
    const mine = await farOffRide(9);
    const other = await farOffRide(9);
    const at = reauthorizeAt(mine.startsAt).toISOString();

    const res = await run(admin.cookie, { bookingId: mine.id, at });
    expect(res.status).toBe(200);
    expect(res.body.ran).toBe(1);
    const reauth = res.body.jobs.find((j: { kind: string }) => j.kind === "payment.reauthorize");
    expect(reauth).toMatchObject({ status: "done", result: `authorised ${mine.total}` });
    expect(res.body.jobs.find((j: { kind: string }) => j.kind === "payment.unpaid_cancel")).toMatchObject({ status: "pending" });

    const untouched = await run(admin.cookie, { bookingId: other.id, at: new Date(Date.parse(at) - 60_000).toISOString() });
    expect(untouched.body.ran).toBe(0);
    expect(untouched.body.jobs.every((j: { status: string }) => j.status === "pending")).toBe(true);
  });

  it("is for admins only", async () => {
    const body = { bookingId: crypto.randomUUID(), at: new Date().toISOString() };
    expect((await run(undefined, body)).status).toBe(401);
    expect((await run(customer.cookie, body)).status).toBe(403);
  });

  it("says which field is wrong", async () => {
    const res = await run(admin.cookie, { bookingId: "nope", at: "tomorrow" });
    expect(res.status).toBe(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(["at", "bookingId"]);
  });
});
