// POST /api/bookings: sign-in required, Idempotency-Key header required, body { service: ride | valet, quoteId, paymentRef? }.
import { Hono } from "hono";
import {
  createBookingResponseSchema,
  createBookingSchema,
  LOGIN_TO_BOOK_MESSAGE,
} from "@meridian/shared/booking";
import type { AppEnv } from "../lib/context";
import { route } from "../lib/openapi";
import { idempotencyKey, idempotencyKeyParameter } from "../lib/validate";
import { requireFeature } from "../settings/public-settings";
import { createBooking } from "./bookings.service";

export const bookingsRoutes = new Hono<AppEnv>().post(
  "/",
  route({
    summary: "Book a quote (a ride or an event's valet service)",
    description:
      "Books the quote (re-priced on the server). The same Idempotency-Key with the same body answers the first booking again (header Idempotent-Replayed: true); with another body it is refused.",
    tags: ["Bookings"],
    access: "signed-in",
    signInMessage: LOGIN_TO_BOOK_MESSAGE,
    parameters: [idempotencyKeyParameter],
    body: createBookingSchema,
    responses: {
      201: createBookingResponseSchema,
      403: { description: "Valet booking or coupons are switched off (Settings → Features)" },
      402: { description: "The card was declined (card_declined, with the provider's reason) or needs its authentication step (authentication_required, with error.paymentIntent); nothing was booked" },
      409: { description: "The price changed since the quote, the key is in use by another request, or the ride cannot be served then (unavailable, with alternatives)" },
      422: { description: "The key was used with another body, or the quote can no longer be booked" },
    },
  }),
  async (c) => {
    const me = c.get("actor");
    if (c.req.valid("json").service === "valet") await requireFeature(c.get("deps").database.db, "valetBooking");
    const outcome = await createBooking(c.get("deps"), me, idempotencyKey(c), c.req.valid("json"));
    if (outcome.replayed) c.header("Idempotent-Replayed", "true");
    return c.json(outcome.body, outcome.status);
  },
);
