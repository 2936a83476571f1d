// Booking with PAYMENT_PROVIDER=stripe, against a local server replaying Stripe's answers: the card is saved
// to a Customer (setup_future_usage off_session) while the total is authorised with manual capture; the
// Customer lands in payments.customerRef; a far-off service's hold is cancelled at once; a card error is a 402.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { bookings } from "../db/schema";
import { startStripeReplay } from "../test/stripe-replay";
import { createFakeGeo } from "../test/fake-geo";
import { createTestApp, type TestApp } from "../test/harness";
import { createTestFleet, giveCapacityForDays, laDate, rideInput } from "../test/factories";
import { stripeCustomerAnswer, stripeEnv, stripeIntent } from "../test/stripe-fixtures";
import { bookingCharge } from "../payments/charges";

type Replay = Awaited<ReturnType<typeof startStripeReplay>>;
let replay: Replay;
let t: TestApp;
let fleet: Awaited<ReturnType<typeof createTestFleet>>;

beforeAll(async () => {
  replay = await startStripeReplay();
  t = await createTestApp(
    stripeEnv(replay.url),
    { geo: createFakeGeo() },
  );
  fleet = await createTestFleet(t.db);
  await giveCapacityForDays(t, { days: 13 });
});
afterAll(async () => {
  await t.close();
  await replay.close();
});
afterEach(() => expect(replay.pending(), "answers the server never asked for").toEqual([]));

const intent = (id: string, amount: number, status: string) => stripeIntent(id, amount, status);
const customer = stripeCustomerAnswer();

async function quoteId(days: number) {
  const res = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: laDate(days) }) });
  return res.body.quoteId as string;
}
const book = (cookie: string, json: Record<string, unknown>) => t.call("POST", "/api/bookings", { cookie, json, headers: { "Idempotency-Key": crypto.randomUUID() } });

describe("POST /api/bookings with stripe", () => {
  it("authorises with manual capture, saves the card to a Customer, and records it; a far-off hold is cancelled at once", async () => {
    const { user, cookie } = await t.userWithSession();
    expect((await t.call("GET", "/api/payments/config")).body).toEqual({ provider: "stripe", publishableKey: "pk_test_meridian" });

    replay.expect([customer, { method: "POST", path: "/v1/payment_intents", body: intent("pi_Near1", 11190, "requires_capture") }]);
    const near = await book(cookie, { service: "ride", paymentMethod: "pm_1Saved", quoteId: await quoteId(1) });
    expect(near.status).toBe(201);
    expect(near.body.payment).toEqual({ cardBrand: "visa", cardLast4: "4242", held: true });
    const [createCustomer, create] = replay.requests;
    expect(createCustomer!.form.get("email")).toBe(user.email);
    expect(createCustomer!.form.get("metadata[userId]")).toBe(user.id);
    expect(create!.form.get("amount")).toBe("11190");
    expect(create!.form.get("capture_method")).toBe("manual");
    expect(create!.form.get("confirm")).toBe("true");
    expect(create!.form.get("payment_method")).toBe("pm_1Saved");
    expect(create!.form.get("customer")).toBe("cus_Meridian1");
    expect(create!.form.get("setup_future_usage")).toBe("off_session");
    expect(create!.headers["idempotency-key"]).toMatch(new RegExp(`^booking:${user.id}:[0-9a-f-]{36}:authorize$`));
    const charge = await bookingCharge(t.db, near.body.booking.id);
    expect(charge).toMatchObject({ provider: "stripe", intentId: "pi_Near1", status: "requires_capture", amountCents: 11190, cardBrand: "visa", cardLast4: "4242", paymentMethod: "pm_1Saved", customerRef: "cus_Meridian1" });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, near.body.booking.id));
    expect(row!.paymentRef).toBe("pi_Near1");

    // The same customer again, a far-off ride: the Customer is reused, the hold released with its own key.
    replay.expect([
      { method: "POST", path: "/v1/payment_intents", body: intent("pi_Far1", 11190, "requires_capture") },
      { method: "POST", path: "/v1/payment_intents/pi_Far1/cancel", body: intent("pi_Far1", 11190, "canceled") },
    ]);
    const far = await book(cookie, { service: "ride", paymentMethod: "pm_1Saved", quoteId: await quoteId(12) });
    expect(far.status).toBe(201);
    expect(far.body.payment.held).toBe(false);
    expect(replay.requests[0]!.form.get("customer")).toBe("cus_Meridian1");
    expect(replay.requests[1]!.headers["idempotency-key"]).toBe(`booking:${far.body.booking.id}:release:pi_Far1`);
    const farCharge = await bookingCharge(t.db, far.body.booking.id);
    expect(farCharge).toMatchObject({ intentId: "pi_Far1", status: "canceled", paymentMethod: "pm_1Saved", customerRef: "cus_Meridian1" });
  });

  it("answers Stripe's card error with 402 and its message, and books nothing", async () => {
    const { user, cookie } = await t.userWithSession();
    replay.expect([
      customer,
      {
        method: "POST",
        path: "/v1/payment_intents",
        status: 402,
        body: { error: { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds.", param: "" } },
      },
    ]);
    const res = await book(cookie, { service: "ride", paymentMethod: "pm_1Poor", quoteId: await quoteId(1) });
    expect(res.status).toBe(402);
    expect(res.body.error).toMatchObject({ code: "card_declined", message: "Your card has insufficient funds.", fields: { paymentMethod: "Your card has insufficient funds." } });
    expect(await t.db.select().from(bookings).where(eq(bookings.userId, user.id))).toEqual([]);
  });
});
