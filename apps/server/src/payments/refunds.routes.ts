// Admin, under /api/admin (admin-only, checked in app.ts and again here): a booking's payment for its detail
// (GET /bookings/:id/payment) and refunds (POST /bookings/:id/refunds { amountUsd, reason }, an optional
// Idempotency-Key header so a retried request refunds once).
import { Hono } from "hono";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from "@meridian/shared/booking";
import { refundInputSchema } from "@meridian/shared/refunds";
import { eq } from "drizzle-orm";
import { admin, idParam } from "../admin/admin-core.routes";
import { bookings } from "../db/schema";
import type { AppEnv } from "../lib/context";
import { badRequest, notFound } from "../lib/errors";
import { parseBody } from "../lib/validate";
import { bookingPayment } from "./charges";
import { refundBooking } from "./refunds.service";

const REFUND_KEY_MESSAGE = "The Idempotency-Key header must be 1 to 200 characters.";

export const adminRefundRoutes = new Hono<AppEnv>()
  .get("/bookings/:id/payment", async (c) => {
    const { db } = await admin(c);
    const id = idParam(c, "Booking");
    const [found] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id));
    if (!found) throw notFound("Booking not found.");
    return c.json({ payment: await bookingPayment(db, id) });
  })
  .post("/bookings/:id/refunds", async (c) => {
    const { actor } = await admin(c);
    const id = idParam(c, "Booking");
    const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
    const key = header === undefined ? undefined : idempotencyKeySchema.safeParse(header);
    if (key && !key.success) throw badRequest(REFUND_KEY_MESSAGE, { [IDEMPOTENCY_KEY_HEADER]: REFUND_KEY_MESSAGE }, "idempotency_key_invalid");
    const input = await parseBody(c, refundInputSchema);
    const outcome = await refundBooking(c.get("deps"), actor, id, input, key?.data);
    if (outcome.replayed) c.header("Idempotent-Replayed", "true");
    return c.json(outcome.body, outcome.status);
  });
