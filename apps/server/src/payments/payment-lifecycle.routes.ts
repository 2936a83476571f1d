// The customer's "confirm a card" step for a booking whose card could not be authorised again before the
// service (the link in the "Payment needed" e-mail): GET /api/me/bookings/:id/payment answers where the booking's
// payment stands; POST (Idempotency-Key header) authorises the total on a card or finishes its 3-D Secure step.
import { Hono } from "hono";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from "@meridian/shared/booking";
import { confirmCardSchema } from "@meridian/shared/payment-lifecycle";
import { z } from "zod";
import type { AppEnv } from "../lib/context";
import { badRequest } from "../lib/errors";
import { bookingPaymentResponseSchema } from "@meridian/shared/payments/answers";
import { route } from "../lib/openapi";
import { bookingPaymentState, confirmBookingCard } from "./payment-lifecycle";
import { idParam } from "../lib/validate";

const KEY_MESSAGE = "Send an Idempotency-Key header (1 to 200 characters) with each payment.";

export const mePaymentRoutes = new Hono<AppEnv>()
  .get(
    "/bookings/:id/payment",
    route({
      summary: "Where a booking's card payment stands (the confirm-a-card page)",
      tags: ["Payments"],
      access: "signed-in",
      responses: { 200: bookingPaymentResponseSchema, 404: { description: "Not one of this customer's bookings" } },
    }),
    async (c) => {
    const me = c.get("actor");
    return c.json({ payment: await bookingPaymentState(c.get("deps"), me.id, idParam(c, "Booking")) });
  })
  .post(
    "/bookings/:id/payment",
    route({
      summary: "Confirm a card for a booking whose card could not be authorised again",
      description: "Authorises the booking's total on a card (paymentMethod) or after its authentication step (paymentIntentId). Send an Idempotency-Key header; a retry with it authorises once.",
      tags: ["Payments"],
      access: "signed-in",
      body: confirmCardSchema,
      parameters: [{ in: "header", name: IDEMPOTENCY_KEY_HEADER, required: true, schema: z.toJSONSchema(idempotencyKeySchema) }],
      responses: {
        200: { description: "The booking's payment, now authorised", schema: bookingPaymentResponseSchema },
        402: { description: "The card was declined or needs its authentication step" },
        404: { description: "Not one of this customer's bookings" },
        409: { description: "Nothing is due: already paid (or paid meanwhile by another confirmation, whose hold is kept; this one is released), no longer on, or still waiting for its re-authorisation" },
      },
    }),
    async (c) => {
    const me = c.get("actor");
    const id = idParam(c, "Booking");
    const key = idempotencyKeySchema.safeParse(c.req.header(IDEMPOTENCY_KEY_HEADER) ?? "");
    if (!key.success) throw badRequest(KEY_MESSAGE, { [IDEMPOTENCY_KEY_HEADER]: KEY_MESSAGE }, "idempotency_key_required");
    const input = c.req.valid("json");
    return c.json({ payment: await confirmBookingCard(c.get("deps"), me.id, id, input, key.data) });
  });
