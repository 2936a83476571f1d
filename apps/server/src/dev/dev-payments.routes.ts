// Dev and end-to-end seeding only, mounted with the dev mailbox (MAILBOX on: no SMTP_URL, NODE_ENV not
// production) and only with the embedded provider: POST /api/dev/payments/bookings/:id/capture (admin) takes a
// completed booking's payment the way the completion path does: its charge (authorised with the test Visa if it
// has none, as a booking made before card payments; its card kept on it), captured with the completion's key "booking:<id>:capture",
// so it is a no-op once completion has captured it; the receipt e-mail job is scheduled as the capture path does.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { uuidParamSchema } from "@meridian/shared/admin";
import { toCents } from "@meridian/shared/pricing";
import { requireRole } from "../auth/session";
import { bookings, embeddedPaymentIntents, payments as paymentRows } from "../db/schema";
import { scheduleJob } from "../jobs/job-runner";
import type { AppEnv } from "../lib/context";
import { conflict, notFound } from "../lib/errors";
import { bookingChargeOf, paymentHttpError } from "../payments/charges";
import { recordPayment } from "../payments/payments.service";
import { RECEIPT_JOB, receiptJobKey } from "../payments/receipts";

export const devPaymentsRoutes = new Hono<AppEnv>().post("/bookings/:id/capture", async (c) => {
  await requireRole(c, "admin");
  const { database, payments } = c.get("deps");
  if (payments.kind !== "embedded") throw notFound("Only with the embedded payment provider.");
  const id = c.req.param("id");
  if (!uuidParamSchema.safeParse(id).success) throw notFound("Booking not found.");
  const [booking] = await database.db.select().from(bookings).where(eq(bookings.id, id));
  if (!booking) throw notFound("Booking not found.");
  if (booking.status !== "completed") throw conflict("Only a completed booking is captured.", "not_completed");
  try {
    let charge = await bookingChargeOf(database.db, id);
    if (!charge) {
      const intent = await payments.authorize({ amountCents: toCents(booking.price ?? 0), paymentMethod: "pm_card_visa", metadata: { bookingId: id } }, `dev:booking:${id}:authorize`);
      charge = await recordPayment(database.db, payments.kind, intent, id);
    }
    // The card the charge was made with, kept on it (booking-time authorisation keeps it too): tips use it.
    if (!charge.paymentMethod) {
      const [intent] = await database.db.select({ pm: embeddedPaymentIntents.paymentMethod }).from(embeddedPaymentIntents).where(eq(embeddedPaymentIntents.id, charge.intentId));
      if (intent) await database.db.update(paymentRows).set({ paymentMethod: intent.pm }).where(eq(paymentRows.id, charge.id));
    }
    const captured = charge.status === "succeeded" ? await payments.retrieve(charge.intentId) : await payments.capture(charge.intentId, undefined, `booking:${id}:capture`);
    const payment = await database.db.transaction(async (tx) => {
      const row = await recordPayment(tx, payments.kind, captured, id);
      await scheduleJob(tx, { kind: RECEIPT_JOB, key: receiptJobKey(id), runAt: new Date(), payload: { bookingId: id } });
      return row;
    });
    return c.json({ payment: { intentId: payment.intentId, status: payment.status, capturedCents: payment.capturedCents } });
  } catch (err) {
    throw paymentHttpError(err);
  }
});
