// The secure payment link of a booking made for a caller (payment-link.ts): the confirm-a-card page at /pay/:token
// reads and pays that one booking without a session, through the same code as /api/me/bookings/:id/payment.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { eq } from "drizzle-orm";
import { IDEMPOTENCY_KEY_HEADER, idempotencyKeySchema } from "@meridian/shared/booking";
import { confirmCardSchema } from "@meridian/shared/payment-lifecycle";
import { bookings } from "../db/schema";
import type { AppEnv } from "../lib/context";
import { badRequest, notFound } from "../lib/errors";
import { bookingPaymentResponseSchema } from "@meridian/shared/payments/answers";
import { route } from "../lib/openapi";
import { bookingPaymentState, confirmBookingCard } from "./payment-lifecycle";
import { verifyPaymentLinkToken } from "./payment-link";

const KEY_MESSAGE = "Send an Idempotency-Key header (1 to 200 characters) with each payment.";
export const PAYMENT_LINK_INVALID_MESSAGE = "This payment link is not valid or has expired.";
const token = [{ in: "path" as const, name: "token", required: true, schema: { type: "string" } }];
const invalid = { description: "The link is not valid, has expired, or its booking is gone" };

/** The booking the link names and its owner, or 404. */
async function linked(c: Context<AppEnv>): Promise<{ bookingId: string; userId: string }> {
  const deps = c.get("deps");
  const bookingId = verifyPaymentLinkToken(deps.config.authSecret, c.req.param("token") ?? "");
  if (!bookingId || !z.uuid().safeParse(bookingId).success) throw notFound(PAYMENT_LINK_INVALID_MESSAGE);
  const [b] = await deps.database.db.select({ userId: bookings.userId }).from(bookings).where(eq(bookings.id, bookingId));
  if (!b?.userId) throw notFound(PAYMENT_LINK_INVALID_MESSAGE);
  return { bookingId, userId: b.userId };
}

export const paymentLinkRoutes = new Hono<AppEnv>()
  .get(
    "/:token",
    route({
      summary: "Where a booking's payment stands, by its payment link",
      tags: ["Payments"],
      access: "public",
      parameters: token,
      responses: { 200: bookingPaymentResponseSchema, 404: invalid },
    }),
    async (c) => {
      const { bookingId, userId } = await linked(c);
      return c.json({ payment: await bookingPaymentState(c.get("deps"), userId, bookingId) });
    },
  )
  .post(
    "/:token",
    route({
      summary: "Pay a booking made for a caller, by its payment link",
      description: "Authorises the booking's total on a card (paymentMethod) or after its authentication step (paymentIntentId). Send an Idempotency-Key header; a retry with it authorises once.",
      tags: ["Payments"],
      access: "public",
      body: confirmCardSchema,
      parameters: [...token, { in: "header", name: IDEMPOTENCY_KEY_HEADER, required: true, schema: z.toJSONSchema(idempotencyKeySchema) }],
      responses: {
        200: { description: "The booking's payment, now authorised", schema: bookingPaymentResponseSchema },
        402: { description: "The card was declined or needs its authentication step" },
        404: invalid,
        409: { description: "Nothing is due: already paid (or paid meanwhile by another confirmation, whose hold is kept; this one is released), or no longer on" },
      },
    }),
    async (c) => {
      const { bookingId, userId } = await linked(c);
      const key = idempotencyKeySchema.safeParse(c.req.header(IDEMPOTENCY_KEY_HEADER) ?? "");
      if (!key.success) throw badRequest(KEY_MESSAGE, { [IDEMPOTENCY_KEY_HEADER]: KEY_MESSAGE }, "idempotency_key_required");
      return c.json({ payment: await confirmBookingCard(c.get("deps"), userId, bookingId, c.req.valid("json"), key.data) });
    },
  );
