// Admin, under /api/admin (admin only, each route's route({ access })): a booking's payment for its detail
// (GET /bookings/:id/payment) and refunds (POST /bookings/:id/refunds { amountUsd, reason }, an optional
// Idempotency-Key header so a retried request refunds once).
import { Hono } from "hono";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from "@meridian/shared/booking";
import { refundInputSchema } from "@meridian/shared/refunds";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { bookings } from "../db/schema";
import type { AppEnv } from "../lib/context";
import { badRequest, notFound } from "../lib/errors";
import { adminBookingPaymentResponseSchema, refundResponseSchema } from "@meridian/shared/payments/answers";
import { caller, routesFor } from "../lib/openapi";
import { bookingPayment } from "./charges";
import { refundBooking } from "./refunds.service";
import { idParam } from "../lib/validate";

const REFUND_KEY_MESSAGE = "The Idempotency-Key header must be 1 to 200 characters.";

const admin$ = routesFor("admin", ["Admin"]);

export const adminRefundRoutes = new Hono<AppEnv>()
  .get("/bookings/:id/payment", admin$("A booking's payment: its charge, tips and refunds", { 200: adminBookingPaymentResponseSchema, 404: { description: "No such booking" } }), async (c) => {
    const { db } = caller(c);
    const id = idParam(c, "Booking");
    const [found] = await db.select({ id: bookings.id }).from(bookings).where(eq(bookings.id, id));
    if (!found) throw notFound("Booking not found.");
    return c.json({ payment: await bookingPayment(db, id) });
  })
  .post(
    "/bookings/:id/refunds",
    admin$(
      "Refund a booking fully or in part, with a reason (audited)",
      {
        201: refundResponseSchema,
        404: { description: "No such booking" },
        409: { description: "Nothing has been charged yet" },
        422: { description: "More than is left to refund" },
      },
      { body: refundInputSchema, parameters: [{ in: "header", name: IDEMPOTENCY_KEY_HEADER, required: false, description: "A retry with it refunds once", schema: z.toJSONSchema(idempotencyKeySchema) }] },
    ),
    async (c) => {
    const { actor } = caller(c);
    const id = idParam(c, "Booking");
    const header = c.req.header(IDEMPOTENCY_KEY_HEADER);
    const key = header === undefined ? undefined : idempotencyKeySchema.safeParse(header);
    if (key && !key.success) throw badRequest(REFUND_KEY_MESSAGE, { [IDEMPOTENCY_KEY_HEADER]: REFUND_KEY_MESSAGE }, "idempotency_key_invalid");
    const input = c.req.valid("json");
    const outcome = await refundBooking(c.get("deps"), actor, id, input, key?.data);
    if (outcome.replayed) c.header("Idempotent-Replayed", "true");
    return c.json(outcome.body, outcome.status);
  });
