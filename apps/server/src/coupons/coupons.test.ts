// The admin coupon API (who may, validation, audit) and redeemCoupon under concurrent transactions.
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs, couponRedemptions, coupons } from "../db/schema";
import { createUser } from "../seed/factories";
import { createRolesTestApp, type RolesTestApp, type TestApp } from "../test/harness";
import { CouponUnavailableError, redeemCoupon } from "./coupons.service";

let t: TestApp, admin: RolesTestApp["admin"], expectAdminOnly: RolesTestApp["expectAdminOnly"];
beforeAll(async () => ({ t, admin, expectAdminOnly } = await createRolesTestApp({ adminName: "Coupon Admin", staffRole: "dispatcher" })));
afterAll(() => t.close());

const someId = "0b7f6e1c-1d2e-4f3a-8b9c-0d1e2f3a4b5c";
let seq = 0;
const uniqueCode = (prefix = "TEST") => `${prefix}${++seq}${Date.now().toString(36).slice(-4)}`.toUpperCase();
const auditFor = (id: string) => t.db.select().from(auditLogs).where(eq(auditLogs.entityId, id)).orderBy(desc(auditLogs.createdAt));
const create = (json: Record<string, unknown>) => t.call("POST", "/api/admin/coupons", { cookie: admin.cookie, json });

describe("who may use the coupon routes", () => {
  it.each<[string, string, unknown?]>([
    ["GET", "/api/admin/coupons"],
    ["POST", "/api/admin/coupons", { code: "NOPE10", kind: "percent", value: 10 }],
    ["PATCH", `/api/admin/coupons/${someId}`, { active: false }],
  ])("%s %s: 401 signed out, 403 for a customer and for staff", async (method, path, json) => {
    await expectAdminOnly(method, path, json);
    expect(await t.db.select().from(coupons).where(eq(coupons.code, "NOPE10"))).toHaveLength(0);
  });
});

describe("POST /api/admin/coupons", () => {
  it("creates a coupon, normalising the code, and audits it", async () => {
    const terms = { kind: "fixed", value: 25.5, service: "ride", validFrom: "2026-01-01", validTo: "2026-12-31", maxUses: 100, maxUsesPerCustomer: 1, minFareUsd: 80 };
    const res = await create({ code: " vip-welcome ", ...terms });
    expect(res.status).toBe(201);
    expect(res.body.coupon).toMatchObject({ code: "VIP-WELCOME", ...terms, active: true, usesCount: 0 });
    const [audit] = await auditFor(res.body.coupon.id);
    expect(audit).toMatchObject({ action: "coupon.create", entity: "coupon", actorId: admin.user.id, actorEmail: admin.user.email, before: null });
    expect(audit!.after).toMatchObject({ code: "VIP-WELCOME", value: 25.5 });
    const list = await t.call("GET", "/api/admin/coupons", { cookie: admin.cookie });
    expect(list.status).toBe(200);
    expect(list.body.coupons[0]).toMatchObject({ id: res.body.coupon.id, code: "VIP-WELCOME" });
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ code: "x", kind: "percent", value: 10 }, "code", "Codes are 3 to 32 letters, digits, dashes or underscores."],
    [{ code: "BIG150", kind: "percent", value: 150 }, "value", "A percent discount is a whole number from 1 to 100."],
    [{ code: "DATES", kind: "percent", value: 10, validFrom: "2026-06-02", validTo: "2026-06-01" }, "validTo", "Valid to must be on or after valid from."],
    [{ code: "LIMIT0", kind: "fixed", value: 5, maxUses: 0 }, "maxUses", "Total uses must be at least 1 (leave it empty for no limit)."],
    [{ code: "EXTRA", kind: "fixed", value: 5, usesCount: 3 }, "usesCount", "Unknown field."],
    [{ code: "STRVAL", kind: "fixed", value: "5" }, "value", "Enter the discount."],
  ])("refuses %o with 400 and its message, saving nothing", async (json, field, message) => {
    const before = (await t.db.select().from(coupons)).length;
    const res = await create(json);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(res.body.error.fields[field]).toBe(message);
    expect(await t.db.select().from(coupons)).toHaveLength(before);
  });

  it("refuses a code already taken (any case) with 409; NUL characters, huge strings, wrong shapes and bad JSON with 400", async () => {
    const code = uniqueCode("DUP");
    expect((await create({ code, kind: "percent", value: 10 })).status).toBe(201);
    const again = await create({ code: code.toLowerCase(), kind: "fixed", value: 10 });
    expect(again.status).toBe(409);
    expect(again.body.error).toMatchObject({ code: "coupon_code_taken", message: "A coupon with this code already exists." });
    for (const json of [{ code: "AB\u0000CD", kind: "percent", value: 10 }, { code: "Z".repeat(5000), kind: "percent", value: 10 }, [], null, { code: "OK123", kind: "percent", value: 10, validFrom: 20260101 }]) {
      const res = await create(json as Record<string, unknown>);
      expect(res.status, JSON.stringify(json).slice(0, 40)).toBe(400);
      expect(res.body.error.message).toEqual(expect.any(String));
    }
    const bad = await t.call("POST", "/api/admin/coupons", { cookie: admin.cookie, body: "{nope" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("invalid_json");
  });
});

describe("PATCH /api/admin/coupons/:id", () => {
  it("edits a coupon and audits before and after; deactivating alone is a status change", async () => {
    const { body } = await create({ code: uniqueCode("EDIT"), kind: "percent", value: 10 });
    const id = body.coupon.id;
    const res = await t.call("PATCH", `/api/admin/coupons/${id}`, { cookie: admin.cookie, json: { value: 20, service: "valet", maxUses: 50 } });
    expect(res.status).toBe(200);
    expect(res.body.coupon).toMatchObject({ id, value: 20, service: "valet", maxUses: 50, active: true });
    const off = await t.call("PATCH", `/api/admin/coupons/${id}`, { cookie: admin.cookie, json: { active: false } });
    expect(off.status).toBe(200);
    expect(off.body.coupon.active).toBe(false);
    const audit = await auditFor(id);
    expect(audit.map((a) => a.action)).toEqual(["coupon.status", "coupon.update", "coupon.create"]);
    expect(audit[1]).toMatchObject({ before: expect.objectContaining({ value: 10, service: "any" }), after: expect.objectContaining({ value: 20, service: "valet" }) });
    expect(audit[0]).toMatchObject({ before: expect.objectContaining({ active: true }), after: expect.objectContaining({ active: false }) });
  });

  it("checks the edit against the whole coupon; 404 for an unknown id, 400 for a bad one or an empty body", async () => {
    const { body } = await create({ code: uniqueCode("WHOLE"), kind: "fixed", value: 500, validFrom: "2026-03-01" });
    const id = body.coupon.id;
    const toPercent = await t.call("PATCH", `/api/admin/coupons/${id}`, { cookie: admin.cookie, json: { kind: "percent" } });
    expect(toPercent.status).toBe(400);
    expect(toPercent.body.error.fields.value).toBe("A percent discount is a whole number from 1 to 100.");
    const early = await t.call("PATCH", `/api/admin/coupons/${id}`, { cookie: admin.cookie, json: { validTo: "2026-02-01" } });
    expect(early.status).toBe(400);
    expect(early.body.error.fields.validTo).toBe("Valid to must be on or after valid from.");
    expect((await t.call("PATCH", `/api/admin/coupons/${someId}`, { cookie: admin.cookie, json: { active: false } })).status).toBe(404);
    expect((await t.call("PATCH", "/api/admin/coupons/not-a-uuid", { cookie: admin.cookie, json: { active: false } })).status).toBe(400);
    expect((await t.call("PATCH", `/api/admin/coupons/${id}`, { cookie: admin.cookie, json: {} })).status).toBe(400);
    const [row] = await t.db.select().from(coupons).where(eq(coupons.id, id));
    expect(row).toMatchObject({ kind: "fixed", value: 500, validTo: null });
    expect((await auditFor(id)).map((a) => a.action)).toEqual(["coupon.create"]);
  });
});

describe("redeemCoupon", () => {
  const today = "2026-06-15";
  const customers = async (n: number) => Promise.all(Array.from({ length: n }, () => createUser(t.db, t.deps.auth).then((u) => u.id)));
  async function couponWith(fields: Record<string, unknown>) {
    const res = await create({ code: uniqueCode("RACE"), kind: "percent", value: 10, ...fields });
    expect(res.status).toBe(201);
    return res.body.coupon as { id: string; code: string };
  }
  /** One booking's transaction: redeem, then hold the coupon's lock a moment as the booking insert would. */
  const book = (code: string, userId: string, fareCents = 20_000) =>
    t.db.transaction(async (tx) => {
      const r = await redeemCoupon(tx, { code, userId, bookingId: null, service: "ride", fareCents, today });
      await new Promise((resolve) => setTimeout(resolve, 20));
      return r;
    });
  const outcomes = (all: PromiseSettledResult<unknown>[]) => ({
    won: all.filter((r) => r.status === "fulfilled").length,
    reasons: all.flatMap((r) => (r.status === "rejected" ? [(r.reason as CouponUnavailableError).reason] : [])),
  });
  const usesOf = async (id: string) => (await t.db.select().from(coupons).where(eq(coupons.id, id)))[0]!.usesCount;
  const redemptionsOf = (id: string) => t.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, id));

  it("counts a use and returns the discount in cents", async () => {
    const c = await couponWith({ value: 15 });
    const [u] = await customers(1);
    const r = await book(` ${c.code.toLowerCase()} `, u!, 12_345);
    expect(r).toMatchObject({ couponId: c.id, code: c.code, discountCents: 1852 });
    expect(await usesOf(c.id)).toBe(1);
    expect(await redemptionsOf(c.id)).toEqual([expect.objectContaining({ userId: u, discountCents: 1852 })]);
  });

  it("gives the last use to one of two customers racing for it", async () => {
    const c = await couponWith({ maxUses: 1 });
    const [a, b] = await customers(2);
    const { won, reasons } = outcomes(await Promise.allSettled([book(c.code, a!), book(c.code, b!)]));
    expect(won).toBe(1);
    expect(reasons).toEqual(["used_up"]);
    expect(await usesOf(c.id)).toBe(1);
    expect(await redemptionsOf(c.id)).toHaveLength(1);
  });

  it("gives exactly three uses to ten customers racing for three", async () => {
    const c = await couponWith({ maxUses: 3 });
    const users = await customers(10);
    const { won, reasons } = outcomes(await Promise.allSettled(users.map((u) => book(c.code, u))));
    expect(won).toBe(3);
    expect(reasons).toEqual(Array(7).fill("used_up"));
    expect(await usesOf(c.id)).toBe(3);
    expect(await redemptionsOf(c.id)).toHaveLength(3);
  });

  it("lets one customer racing themselves use a once-per-customer code once", async () => {
    const c = await couponWith({ maxUsesPerCustomer: 1 });
    const [u] = await customers(1);
    const { won, reasons } = outcomes(await Promise.allSettled([book(c.code, u!), book(c.code, u!), book(c.code, u!)]));
    expect(won).toBe(1);
    expect(reasons).toEqual(["customer_limit", "customer_limit"]);
    expect(await usesOf(c.id)).toBe(1);
    expect(await t.db.select().from(couponRedemptions).where(and(eq(couponRedemptions.couponId, c.id), eq(couponRedemptions.userId, u!)))).toHaveLength(1);
  });

  it("refuses unknown, inactive, out-of-date, wrong-service and below-minimum codes, counting nothing", async () => {
    const [u] = await customers(1);
    const cases: [Record<string, unknown>, string][] = [
      [{ active: false }, "inactive"],
      [{ validTo: "2026-06-14" }, "expired"],
      [{ service: "valet" }, "wrong_service"],
      [{ minFareUsd: 250 }, "below_minimum"],
    ];
    for (const [fields, reason] of cases) {
      const c = await couponWith(fields);
      const err = await book(c.code, u!).catch((e: unknown) => e);
      expect(err, reason).toBeInstanceOf(CouponUnavailableError);
      expect((err as CouponUnavailableError).reason).toBe(reason);
      expect((err as CouponUnavailableError).status).toBe(409);
      expect(await usesOf(c.id)).toBe(0);
      expect(await redemptionsOf(c.id)).toHaveLength(0);
    }
    const unknown = await book("NO-SUCH-CODE", u!).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ reason: "unknown_code", message: "This code is not valid." });
  });
});
