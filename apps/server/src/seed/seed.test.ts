// The demo seed (issue 26): named chauffeurs on shift every day of the coming weeks and enough cars, so a demo sells
// rides once the availability rule is on; seeding again (a restart) and the daily top-up add nothing twice.
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, wallClock, zonedInstant } from "@meridian/shared/zoned-time";
import { runOneJob } from "../jobs/job-runner";
import { invalidatePricingCache } from "../quotes/pricing-data";
import { createFakeGeo } from "../test/fake-geo";
import { createTestApp, type TestApp } from "../test/harness";
import { laDate, rideInput } from "../test/factories";
import { account, jobs, shifts, user, vehicleTypes, vehicleUnits } from "../db/schema";
import { DEMO_SHIFT, DEMO_SHIFTS_JOB, demoChauffeurs, demoShiftsHandler, demoUnits, scheduleDemoShifts, seedDemo, topUpDemoShifts } from "./seed";

const LA = "America/Los_Angeles";
const ADMIN = { email: "admin@meridian.local", password: "demo-admin-password" };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { geo: createFakeGeo() });
  await seedDemo(t.db, t.deps.auth, ADMIN);
  await seedDemo(t.db, t.deps.auth, ADMIN); // a restart
  invalidatePricingCache();
});
afterAll(() => t.close());

const chauffeurIds = async () =>
  (await t.db.select({ id: user.id }).from(user).where(inArray(user.email, demoChauffeurs.map((c) => c.email)))).map((u) => u.id);
const demoShifts = async () => t.db.select().from(shifts).where(inArray(shifts.userId, await chauffeurIds()));
/** "YYYY-MM-DD HH:MM-HH:MM" of each shift of one chauffeur, in Los Angeles. */
const spans = (rows: (typeof shifts.$inferSelect)[]) =>
  rows
    .map((s) => `${wallClock(s.startsAt, LA).date} ${wallClock(s.startsAt, LA).time}-${wallClock(s.endsAt, LA).time}`)
    .sort();
const nextDays = (from: string, n: number) => Array.from({ length: n }, (_, i) => `${addDays(from, i)} ${DEMO_SHIFT.start}-${DEMO_SHIFT.end}`);

describe("the demo seed", () => {
  it("creates the named chauffeurs and the cars once, whatever the number of starts", async () => {
    const people = await t.db.select().from(user).where(inArray(user.email, demoChauffeurs.map((c) => c.email)));
    expect(people.map((p) => p.name).sort()).toEqual(demoChauffeurs.map((c) => c.fullName).sort());
    expect(people.every((p) => p.role === "chauffeur" && p.emailVerified && !p.banned)).toBe(true);
    const units = await t.db.select({ plate: vehicleUnits.plate, type: vehicleTypes.name }).from(vehicleUnits).innerJoin(vehicleTypes, eq(vehicleUnits.vehicleTypeId, vehicleTypes.id));
    for (const [type, cars] of Object.entries(demoUnits)) {
      expect(units.filter((u) => u.type === type).map((u) => u.plate).sort()).toEqual(cars.map((c) => c.plate).sort());
    }
  });

  it("gives each chauffeur a password account whose password nobody knows (a guess is refused)", async () => {
    const ids = await chauffeurIds();
    const credentials = await t.db.select().from(account).where(inArray(account.userId, ids));
    expect(credentials.map((a) => a.providerId)).toEqual(ids.map(() => "credential"));
    expect(credentials.every((a) => a.password?.includes(":"))).toBe(true); // salt:key, better-auth's scrypt hash
    for (const password of ["correct-horse-battery", ADMIN.password]) {
      const res = await t.call("POST", "/api/auth/sign-in/email", { json: { email: demoChauffeurs[0].email, password } });
      expect(res.status).toBe(401);
    }
  });

  it("puts every chauffeur on shift from 06:00 to 23:00 each of the next 21 days, once", async () => {
    const rows = await demoShifts();
    const today = laDate(0);
    for (const id of await chauffeurIds()) {
      expect(spans(rows.filter((s) => s.userId === id))).toEqual(nextDays(today, DEMO_SHIFT.days));
    }
    expect(rows.every((s) => s.role === "chauffeur" && s.location === "LAX")).toBe(true);
  });

  it("sells a ride tomorrow at 09:30 in every active vehicle type", async () => {
    const types = await t.db.select().from(vehicleTypes).where(eq(vehicleTypes.active, true));
    expect(types).toHaveLength(4);
    for (const type of types) {
      const res = await t.call("POST", "/api/quotes", { json: rideInput(type.id, { date: laDate(1), time: "09:30" }) });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.quote.vehicleName).toBe(type.name);
    }
  });

  it("the daily job tops the shifts up to 21 days ahead, keeps a shift the admin removed removed, and schedules its next run", async () => {
    const [someone] = await chauffeurIds();
    const in3 = laDate(3);
    // The admin removes one demo shift three days out (a day off).
    await t.db.delete(shifts).where(and(eq(shifts.userId, someone!), eq(shifts.startsAt, zonedInstant(in3, DEMO_SHIFT.start, LA))));
    await scheduleDemoShifts(t.db);
    const handlers = { [DEMO_SHIFTS_JOB]: demoShiftsHandler({ seedDemo: true }) };
    // Two days later, the job comes due.
    const later = new Date(Date.now() + 2 * 86_400_000);
    const ran = await runOneJob(t.db, handlers, { now: () => later });
    expect(ran?.status).toBe("done");
    expect(ran?.result).toBe(`added ${2 * demoChauffeurs.length} shifts`);
    const rows = await demoShifts();
    const expected = [...nextDays(laDate(0), DEMO_SHIFT.days), ...nextDays(laDate(DEMO_SHIFT.days), 2)];
    for (const id of await chauffeurIds()) {
      const mine = spans(rows.filter((s) => s.userId === id));
      expect(mine).toEqual(id === someone ? expected.filter((s) => !s.startsWith(in3)) : expected);
    }
    // Its next run is the next midnight after it ran; topping up again the same day adds nothing.
    const next = await t.db.select().from(jobs).where(and(eq(jobs.kind, DEMO_SHIFTS_JOB), eq(jobs.status, "pending")));
    expect(next).toHaveLength(1);
    expect(next[0]!.runAt.getTime()).toBeGreaterThan(later.getTime());
    expect(await t.db.transaction((tx) => topUpDemoShifts(tx, later))).toBe(0);
  });

  it("with the demo seed switched off, the job stops", async () => {
    const before = (await demoShifts()).length;
    const results: (string | null)[] = [];
    for (let job; (job = await runOneJob(t.db, { [DEMO_SHIFTS_JOB]: demoShiftsHandler({ seedDemo: false }) }, { now: () => new Date(Date.now() + 40 * 86_400_000) })); ) results.push(job.result);
    expect(results).toEqual(["skipped: the demo seed is off"]);
    expect(await t.db.select().from(jobs).where(and(eq(jobs.kind, DEMO_SHIFTS_JOB), eq(jobs.status, "pending")))).toHaveLength(0);
    expect(await demoShifts()).toHaveLength(before);
  });
});
