// Property: whatever sequence of tier creates, edits and deletes an admin sends for one vehicle, the
// saved tiers (active and inactive) never overlap, and every refused save leaves the database as it was.
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { tiersOverlap } from "@meridian/shared/pricing";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createVehicle } from "../../seed/factories";
import { rideFixedTiers } from "../../db/schema";
import { createAdminTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
let cookie: string;

beforeAll(async () => ({ t, cookie } = await createAdminTestApp()));
afterAll(() => t.close());

// Small integer miles so sequences overlap often; half-miles so edges and touching ranges occur.
const mile = fc.integer({ min: 0, max: 40 }).map((n) => n / 2);
const fields = fc.record({ milesMin: mile, milesMax: mile, priceUsd: fc.integer({ min: 0, max: 50_000 }).map((c) => c / 100), active: fc.boolean() });
const op = fc.oneof(
  { weight: 3, arbitrary: fields.map((f) => ({ kind: "create" as const, ...f })) },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant("update" as const), pick: fc.nat(), patch: fields.chain((f) => fc.subarray(Object.keys(f) as (keyof typeof f)[], { minLength: 1 }).map((keys) => Object.fromEntries(keys.map((k) => [k, f[k]])))) }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant("delete" as const), pick: fc.nat() }) },
);

const snapshot = async (vehicleTypeId: string) =>
  (await t.db.select().from(rideFixedTiers).where(eq(rideFixedTiers.vehicleTypeId, vehicleTypeId))).sort((a, b) => a.id.localeCompare(b.id));

it("saved tiers never overlap and refused saves change nothing", async () => {
  const seen = { accepted: 0, refused: 0 };
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
      const vehicle = await createVehicle(t.db);
      for (const o of ops) {
        const before = await snapshot(vehicle.id);
        let res: { status: number; body: any };
        let expectedOk: boolean;
        if (o.kind === "create") {
          const { kind: _kind, ...tier } = o;
          res = await t.call("POST", "/api/admin/pricing/tiers", { cookie, json: { vehicleTypeId: vehicle.id, ...tier } });
          expectedOk = tier.milesMin < tier.milesMax && !before.some((b) => tiersOverlap(b, tier));
        } else {
          const target = before[o.pick % Math.max(before.length, 1)];
          if (!target) continue;
          if (o.kind === "delete") {
            res = await t.call("DELETE", `/api/admin/pricing/tiers/${target.id}`, { cookie });
            expectedOk = true;
          } else {
            res = await t.call("PATCH", `/api/admin/pricing/tiers/${target.id}`, { cookie, json: o.patch });
            const next = { ...target, ...o.patch };
            expectedOk = next.milesMin < next.milesMax && !before.some((b) => b.id !== target.id && tiersOverlap(b, next));
          }
        }
        const after = await snapshot(vehicle.id);
        // The server agrees with the rule, answers 4xx (never 5xx) when it refuses, and a refusal changes nothing.
        expect(res.status < 300, JSON.stringify({ o, status: res.status, body: res.body })).toBe(expectedOk);
        seen[expectedOk ? "accepted" : "refused"]++;
        if (!expectedOk) {
          expect([400, 409]).toContain(res.status);
          expect(after).toEqual(before);
        }
        for (const [i, a] of after.entries()) {
          expect(a.milesMin < a.milesMax).toBe(true);
          for (const b of after.slice(i + 1)) expect(tiersOverlap(a, b), JSON.stringify([a, b])).toBe(false);
        }
      }
    }),
    { numRuns: 60 },
  );
  // The sequences really exercised both outcomes.
  expect(seen.accepted).toBeGreaterThan(50);
  expect(seen.refused).toBeGreaterThan(50);
}, 180_000);
