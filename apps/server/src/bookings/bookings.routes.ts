// POST /api/bookings: sign-in required, Idempotency-Key header required, body { service: ride | valet, quoteId, paymentRef? }.
import { Hono } from "hono";
import {
  createBookingSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_REQUIRED_MESSAGE,
  idempotencyKeySchema,
  LOGIN_TO_BOOK_MESSAGE,
} from "@meridian/shared/booking";
import { requireUser } from "../auth/session";
import type { AppEnv } from "../lib/context";
import { badRequest } from "../lib/errors";
import { parseBody } from "../lib/validate";
import { createBooking } from "./bookings.service";

export const bookingsRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const me = await requireUser(c, LOGIN_TO_BOOK_MESSAGE);
  const key = idempotencyKeySchema.safeParse(c.req.header(IDEMPOTENCY_KEY_HEADER) ?? "");
  if (!key.success) {
    throw badRequest(IDEMPOTENCY_KEY_REQUIRED_MESSAGE, { [IDEMPOTENCY_KEY_HEADER]: IDEMPOTENCY_KEY_REQUIRED_MESSAGE }, "idempotency_key_required");
  }
  const input = await parseBody(c, createBookingSchema);
  const outcome = await createBooking(c.get("deps"), me, key.data, input);
  if (outcome.replayed) c.header("Idempotent-Replayed", "true");
  return c.json(outcome.body, outcome.status);
});
