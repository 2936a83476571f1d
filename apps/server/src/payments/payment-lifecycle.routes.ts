// The customer's "confirm a card" step for a booking whose card could not be authorised again before the
// service (the link in the "Payment needed" e-mail): GET /api/me/bookings/:id/payment answers where the booking's
// payment stands; POST (Idempotency-Key header) authorises the total on a card or finishes its 3-D Secure step.
import { Hono } from "hono";
import { uuidParamSchema } from "@meridian/shared/admin";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from "@meridian/shared/booking";
import { confirmCardSchema } from "@meridian/shared/payment-lifecycle";
import { requireUser } from "../auth/session";
import type { AppEnv } from "../lib/context";
import { badRequest, notFound } from "../lib/errors";
import { parseBody } from "../lib/validate";
import { bookingPaymentState, confirmBookingCard } from "./payment-lifecycle";

const KEY_MESSAGE = "Send an Idempotency-Key header (1 to 200 characters) with each payment.";

function bookingId(id: string | undefined): string {
  if (!uuidParamSchema.safeParse(id ?? "").success) throw notFound("Booking not found.");
  return id!;
}

export const mePaymentRoutes = new Hono<AppEnv>()
  .get("/bookings/:id/payment", async (c) => {
    const me = await requireUser(c);
    return c.json({ payment: await bookingPaymentState(c.get("deps"), me.id, bookingId(c.req.param("id"))) });
  })
  .post("/bookings/:id/payment", async (c) => {
    const me = await requireUser(c);
    const id = bookingId(c.req.param("id"));
    const key = idempotencyKeySchema.safeParse(c.req.header(IDEMPOTENCY_KEY_HEADER) ?? "");
    if (!key.success) throw badRequest(KEY_MESSAGE, { [IDEMPOTENCY_KEY_HEADER]: KEY_MESSAGE }, "idempotency_key_required");
    const input = await parseBody(c, confirmCardSchema);
    return c.json({ payment: await confirmBookingCard(c.get("deps"), me.id, id, input, key.data) });
  });
