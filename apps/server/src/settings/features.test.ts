// Feature switches (issue 25, point 5): a switch turned off in Settings → Features is refused by its routes with
// 403 feature_off and a sentence (and writes nothing); turned on again, the same request goes through.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_FEATURES_SETTINGS, featureOffMessage, type FeaturesSettings } from "@meridian/shared/settings";
import { setValetRates } from "../seed/factories";
import { bookings, outboxSms, user } from "../db/schema";
import { invalidatePricingCache } from "../quotes/pricing-data";
import type { TestApp } from "../test/harness";
import { countRows } from "../test/helpers";
import { createFleetTestApp, laDate, rideInput, type TestFleet, valetEventInput } from "../test/factories";

let t: TestApp;
let fleet: TestFleet;
let admin: { cookie: string };
let customer: { cookie: string; user: { id: string } };
let dispatcher: { cookie: string };

beforeAll(async () => {
  ({ t, fleet } = await createFleetTestApp({}, { capacity: {} }));
  await setValetRates(t.db);
  invalidatePricingCache();
  admin = await t.userWithSession({ role: "admin" });
  customer = await t.userWithSession();
  dispatcher = await t.userWithSession({ role: "dispatcher" });
  const coupon = await t.call("POST", "/api/admin/coupons", { cookie: admin.cookie, json: { code: "TENOFF", kind: "percent", value: 10 } });
  expect(coupon.status).toBe(201);
});
afterAll(() => t.close());
beforeEach(() => setFeatures({}));

async function setFeatures(change: Partial<FeaturesSettings>) {
  const res = await t.call("PUT", "/api/admin/settings/features", { cookie: admin.cookie, json: { ...DEFAULT_FEATURES_SETTINGS, ...change } });
  expect(res.status).toBe(200);
}
const expectOff = (res: { status: number; body: any }, key: keyof FeaturesSettings) => {
  expect(res.status).toBe(403);
  expect(res.body.error).toMatchObject({ code: "feature_off", message: featureOffMessage(key) });
};
const book = (service: "ride" | "valet", quoteId: string) =>
  t.call("POST", "/api/bookings", { cookie: customer.cookie, json: { service, quoteId, paymentMethod: "pm_card_visa" }, headers: { "Idempotency-Key": crypto.randomUUID() } });

describe("valet booking", () => {
  it("off: the valet quote and the booking of a quote made before are refused, nothing is booked; on: both go through", async () => {
    const quoted = await t.call("POST", "/api/valet/quotes", { json: valetEventInput() });
    expect(quoted.status).toBe(200);
    await setFeatures({ valetBooking: false });
    expectOff(await t.call("POST", "/api/valet/quotes", { json: valetEventInput() }), "valetBooking");
    const before = await countRows(t.db, bookings);
    expectOff(await book("valet", quoted.body.quoteId), "valetBooking");
    expect(await countRows(t.db, bookings)).toBe(before);
    expect((await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id) })).status).toBe(200); // rides still quoted
    await setFeatures({ valetBooking: true });
    expect((await book("valet", quoted.body.quoteId)).status).toBe(201);
  });
});

describe("coupons", () => {
  it("off: a quote with a code and the booking of a discounted quote are refused; a quote without a code is not", async () => {
    const discounted = await t.call("POST", "/api/quotes", { json: { ...rideInput(fleet.sedan.id, { time: "11:00" }), couponCode: "TENOFF" } });
    expect(discounted.body.quote.coupon.code).toBe("TENOFF");
    await setFeatures({ coupons: false });
    expectOff(await t.call("POST", "/api/quotes", { json: { ...rideInput(fleet.sedan.id), couponCode: "TENOFF" } }), "coupons");
    expectOff(await t.call("POST", "/api/valet/quotes", { json: valetEventInput({ couponCode: "TENOFF" }) }), "coupons");
    const before = await countRows(t.db, bookings);
    expectOff(await book("ride", discounted.body.quoteId), "coupons");
    expect(await countRows(t.db, bookings)).toBe(before);
    expect((await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id) })).status).toBe(200);
    await setFeatures({ coupons: true });
    expect((await book("ride", discounted.body.quoteId)).status).toBe(201);
  });

  it("off, the quote's in-memory path refuses the code too (a repeated quote)", async () => {
    const input = { ...rideInput(fleet.sedan.id, { time: "12:00" }), couponCode: "TENOFF" };
    expect((await t.call("POST", "/api/quotes", { json: input })).status).toBe(200);
    await setFeatures({ coupons: false });
    expectOff(await t.call("POST", "/api/quotes", { json: input }), "coupons");
  });
});

describe("tips and customer reschedule", () => {
  const someBooking = "00000000-0000-4000-8000-000000000000";
  it("tips off: adding a tip is refused before anything is looked up; on: the route answers as usual (404 for no such booking)", async () => {
    const tip = () => t.call("POST", `/api/me/bookings/${someBooking}/tip`, { cookie: customer.cookie, json: { amountUsd: 10 }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    await setFeatures({ tips: false });
    expectOff(await tip(), "tips");
    await setFeatures({ tips: true });
    expect((await tip()).status).toBe(404);
  });

  it("customer reschedule off: the customer's reschedule is refused; on: it answers as usual", async () => {
    const move = () => t.call("POST", `/api/me/bookings/${someBooking}/reschedule`, { cookie: customer.cookie, json: { date: laDate(5), time: "10:00", quoteId: "q" } });
    await setFeatures({ customerReschedule: false });
    expectOff(await move(), "customerReschedule");
    await setFeatures({ customerReschedule: true });
    expect((await move()).status).toBe(404);
  });
});

describe("SMS notifications", () => {
  it("off: no text message is stored or sent, and a phone booking's payment link goes by e-mail only", async () => {
    await t.db.update(user).set({ phone: "+13105550142" }).where(eq(user.id, customer.user.id));
    await setFeatures({ smsNotifications: false });
    await t.deps.sms.send("+13105550199", "Hello");
    const quote = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { time: "13:00" }) });
    const res = await t.call("POST", "/api/admin/bookings", { cookie: dispatcher.cookie, json: { service: "ride", quoteId: quote.body.quoteId, customerId: customer.user.id }, headers: { "Idempotency-Key": crypto.randomUUID() } });
    expect(res.status).toBe(201);
    expect(res.body.paymentLink.sentBy).toEqual(["email"]);
    expect(await countRows(t.db, outboxSms)).toBe(0);
    await setFeatures({ smsNotifications: true });
    await t.deps.sms.send("+13105550199", "Hello");
    expect(await countRows(t.db, outboxSms)).toBe(1);
  });
});
