// Booking for a caller with PAYMENT_PROVIDER=stripe (issue 20), against the local server replaying Stripe's answers
// (test/stripe-replay.ts): the desk books without touching Stripe; the customer opens the secure link and pays
// with a new card from the Payment Element. The card is authorised (manual capture) and saved off-session to the
// customer's Customer: a new one for a new caller (no e-mail for a phone-only one), their earlier one for an
// existing customer, so the re-authorisation before a far-off service can charge it without them. A card that asks
// for its 3-D Secure step gets the client secret for Stripe.js; a link never used is released by the job without
// any Stripe call. (The same flows in embedded mode: caller-booking.test.ts.)
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { reauthorizeAt } from "@meridian/shared/payment-policy";
import { CALLER_UNPAID_CANCEL_REASON } from "@meridian/shared/caller-booking";
import { bookings, outboxSms } from "../db/schema";
import { runDueJobs } from "../jobs/job-runner";
import { paymentJobHandlers } from "../payments/payment-jobs";
import { startStripeReplay } from "../test/stripe-replay";
import { jobHandlers } from "../rides/ride-notices";
import { createFakeGeo } from "../test/fake-geo";
import { createTestApp, type TestApp } from "../test/harness";
import { outboxFor } from "../test/helpers";
import { createTestFleet, giveCapacityForDays, laDate, rideInput } from "../test/factories";
import { stripeCustomerAnswer, stripeEnv, stripeIntent } from "../test/stripe-fixtures";
import { bookingCharge } from "../payments/charges";

let replay: Awaited<ReturnType<typeof startStripeReplay>>;
let t: TestApp;
let fleet: Awaited<ReturnType<typeof createTestFleet>>;
let dispatcher: { cookie: string };

beforeAll(async () => {
  replay = await startStripeReplay();
  t = await createTestApp(stripeEnv(replay.url), { geo: createFakeGeo() });
  fleet = await createTestFleet(t.db);
  await giveCapacityForDays(t, { days: 13 });
  dispatcher = await t.userWithSession({ role: "dispatcher", fullName: "Dana Desk" });
});
afterAll(async () => {
  await t.close();
  await replay.close();
});
afterEach(() => expect(replay.pending(), "answers the server never asked for").toEqual([]));

const key = () => ({ "Idempotency-Key": crypto.randomUUID() });
const tokenOf = (text: string) => text.match(/\/pay\/([A-Za-z0-9_.-]+)/)![1]!;
const runJobsAt = (at: Date) => runDueJobs(t.db, { ...jobHandlers(t.deps), ...paymentJobHandlers(t.deps) }, { now: () => at });

async function quoteId(days: number, time = "10:30"): Promise<{ id: string; cents: number }> {
  const q = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: laDate(days), time }) });
  expect(q.status).toBe(200);
  return { id: q.body.quoteId, cents: Math.round(q.body.quote.totalUsd * 100) };
}

/** The desk books: no Stripe call (nothing is asked of the replay server). */
async function bookForCaller(customer: { customerId: string } | { newCustomer: Record<string, string> }, days: number, time?: string) {
  const q = await quoteId(days, time);
  replay.expect([]);
  const res = await t.call("POST", "/api/admin/bookings", { cookie: dispatcher.cookie, json: { service: "ride", quoteId: q.id, ...customer }, headers: key() });
  expect(res.status).toBe(201);
  expect(replay.requests).toEqual([]);
  return { ...res.body, cents: q.cents } as { booking: { id: string }; customer: { id: string }; paymentLink: { dueAt: string }; cents: number };
}

const payByLink = (token: string, json: Record<string, string>) => t.call("POST", `/api/payment-links/${token}`, { json, headers: key() });
const chargeOf = (bookingId: string) => bookingCharge(t.db, bookingId);

describe("booking for a caller with stripe", () => {
  it("a new customer pays through the link with a new card: a Customer is made, the card authorised and saved off-session", async () => {
    const booked = await bookForCaller({ newCustomer: { fullName: "Stella Stripe", email: "stella@example.com", phone: "+13105550161" } }, 2);
    const token = tokenOf((await outboxFor(t.db, "stella@example.com"))[0]!.text);

    const shown = await t.call("GET", `/api/payment-links/${token}`);
    expect(shown.body.payment).toMatchObject({ state: "needed", provider: "stripe", cardOnFile: false, payable: true });
    // No card on file: trying "the card on file" is refused with a field message, and Stripe is not called.
    const none = await payByLink(token, {});
    expect(none.status).toBe(422);
    expect(none.body.error.fields).toEqual({ paymentMethod: "Choose a card." });

    replay.expect([stripeCustomerAnswer("cus_Stella"), { method: "POST", path: "/v1/payment_intents", body: stripeIntent("pi_Stella1", booked.cents, "requires_capture", "cus_Stella") }]);
    const paid = await payByLink(token, { paymentMethod: "pm_1FromElement" });
    expect(paid.status).toBe(200);
    expect(paid.body.payment).toMatchObject({ state: "authorised", card: { brand: "visa", last4: "4242" }, cardOnFile: true });
    const [made, authorised] = replay.requests;
    expect(made!.path).toBe("/v1/customers");
    expect(made!.form.get("email")).toBe("stella@example.com");
    expect(made!.form.get("name")).toBe("Stella Stripe");
    expect(made!.form.get("metadata[userId]")).toBe(booked.customer.id);
    expect(made!.headers["idempotency-key"]).toBe(`customer:${booked.customer.id}`);
    expect(authorised!.form.get("amount")).toBe(String(booked.cents));
    expect(authorised!.form.get("capture_method")).toBe("manual");
    expect(authorised!.form.get("confirm")).toBe("true");
    expect(authorised!.form.get("payment_method")).toBe("pm_1FromElement");
    expect(authorised!.form.get("customer")).toBe("cus_Stella");
    expect(authorised!.form.get("setup_future_usage")).toBe("off_session");
    expect(await chargeOf(booked.booking.id)).toMatchObject({ provider: "stripe", intentId: "pi_Stella1", status: "requires_capture", paymentMethod: "pm_1FromElement", customerRef: "cus_Stella" });

    // Paid: the link's deadline passes and the booking stays on.
    replay.expect([]);
    await runJobsAt(new Date(new Date(booked.paymentLink.dueAt).getTime() + 60_000));
    expect((await t.db.select().from(bookings).where(eq(bookings.id, booked.booking.id)))[0]!.status).toBe("pending");
    expect(replay.requests).toEqual([]);
  });

  it("an existing customer's earlier Customer is reused, and a card that asks for 3-D Secure gets its client secret", async () => {
    // The customer booked before in the dialog: their card went to cus_Known.
    const { user: known, cookie } = await t.userWithSession({ fullName: "Kim Known" });
    const earlier = await quoteId(1, "09:00");
    replay.expect([stripeCustomerAnswer("cus_Known"), { method: "POST", path: "/v1/payment_intents", body: stripeIntent("pi_Known0", earlier.cents, "requires_capture", "cus_Known") }]);
    const own = await t.call("POST", "/api/bookings", { cookie, json: { service: "ride", paymentMethod: "pm_1Saved", quoteId: earlier.id }, headers: key() });
    expect(own.status).toBe(201);

    const booked = await bookForCaller({ customerId: known.id }, 2, "15:00");
    const token = tokenOf((await outboxFor(t.db, known.email)).find((m) => m.subject.startsWith("Confirm your ride"))!.text);

    replay.expect([{ method: "POST", path: "/v1/payment_intents", body: stripeIntent("pi_Known1", booked.cents, "requires_action", "cus_Known") }]);
    const step = await payByLink(token, { paymentMethod: "pm_1Secure" });
    expect(step.status).toBe(402);
    expect(step.body.error).toMatchObject({ code: "authentication_required", paymentIntent: { id: "pi_Known1", clientSecret: "pi_Known1_secret_Q1" } });
    expect(replay.requests.map((r) => r.path)).toEqual(["/v1/payment_intents"]);
    expect(replay.requests[0]!.form.get("customer")).toBe("cus_Known");
    expect(replay.requests[0]!.form.get("setup_future_usage")).toBe("off_session");

    // Stripe.js ran the step in the browser; the page sends the intent, the server reads where it stands.
    replay.expect([{ method: "GET", path: "/v1/payment_intents/pi_Known1", body: stripeIntent("pi_Known1", booked.cents, "requires_capture", "cus_Known") }]);
    const done = await payByLink(token, { paymentIntentId: "pi_Known1" });
    expect(done.status).toBe(200);
    expect(done.body.payment.state).toBe("authorised");
    expect(await chargeOf(booked.booking.id)).toMatchObject({ intentId: "pi_Known1", status: "requires_capture", paymentMethod: "pm_1Secure", customerRef: "cus_Known" });
  });

  it("a far-off service paid through the link is authorised again off-session on the saved card before it", async () => {
    const booked = await bookForCaller({ newCustomer: { fullName: "Farah Far", email: "farah@example.com" } }, 12);
    const token = tokenOf((await outboxFor(t.db, "farah@example.com"))[0]!.text);
    replay.expect([stripeCustomerAnswer("cus_Farah"), { method: "POST", path: "/v1/payment_intents", body: stripeIntent("pi_Farah1", booked.cents, "requires_capture", "cus_Farah") }]);
    expect((await payByLink(token, { paymentMethod: "pm_1Farah" })).status).toBe(200);

    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, booked.booking.id));
    const startsAt = new Date(row!.pickupAt!);
    replay.expect([
      { method: "POST", path: "/v1/payment_intents", body: stripeIntent("pi_Farah2", booked.cents, "requires_capture", "cus_Farah") },
      { method: "POST", path: "/v1/payment_intents/pi_Farah1/cancel", body: stripeIntent("pi_Farah1", booked.cents, "canceled", "cus_Farah") },
    ]);
    await runJobsAt(new Date(reauthorizeAt(startsAt).getTime() + 60_000));
    const again = replay.requests.find((r) => r.path === "/v1/payment_intents" && r.form.get("off_session") === "true")!;
    expect(again.form.get("customer")).toBe("cus_Farah");
    expect(again.form.get("payment_method")).toBe("pm_1Farah");
    expect(await chargeOf(booked.booking.id)).toMatchObject({ intentId: "pi_Farah2", status: "requires_capture", customerRef: "cus_Farah" });
  });

  it("a phone-only caller's Customer has no e-mail; a link never used is released by the job without calling Stripe", async () => {
    const paid = await bookForCaller({ newCustomer: { fullName: "Pat Phone", phone: "+14245550163" } }, 2, "12:00");
    const [text] = await t.db.select().from(outboxSms).where(eq(outboxSms.to, "+14245550163"));
    replay.expect([stripeCustomerAnswer("cus_Pat"), { method: "POST", path: "/v1/payment_intents", body: stripeIntent("pi_Pat1", paid.cents, "requires_capture", "cus_Pat") }]);
    expect((await payByLink(tokenOf(text!.body), { paymentMethod: "pm_1Pat" })).status).toBe(200);
    expect(replay.requests[0]!.form.has("email")).toBe(false);
    expect(replay.requests[0]!.form.get("name")).toBe("Pat Phone");

    const unpaid = await bookForCaller({ newCustomer: { fullName: "Nora Never", email: "nora@example.com" } }, 3, "13:00");
    replay.expect([]);
    await runJobsAt(new Date(new Date(unpaid.paymentLink.dueAt).getTime() + 1000));
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, unpaid.booking.id));
    expect(row).toMatchObject({ status: "cancelled", cancelReason: CALLER_UNPAID_CANCEL_REASON, cancelledBy: "system" });
    expect(replay.requests).toEqual([]);
    const token = tokenOf((await outboxFor(t.db, "nora@example.com")).find((m) => m.subject.startsWith("Confirm your ride"))!.text);
    expect((await t.call("GET", `/api/payment-links/${token}`)).body.payment.payable).toBe(false);
    expect((await payByLink(token, { paymentMethod: "pm_1Late" })).status).toBe(409);
    expect(replay.requests).toEqual([]);
  });
});
