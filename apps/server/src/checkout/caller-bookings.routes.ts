// The desk's booking for a caller (issue 20), under /api/admin: admins and dispatchers (route({ access: ["dispatcher"] })).
// GET /customers?q= finds a customer; POST /bookings books a quote for one (or for a new customer), Idempotency-Key
// header required as for POST /api/bookings; the customer pays through the link sent to them.
import { Hono } from "hono";
import {
  adminCreateBookingResponseSchema,
  adminCreateBookingSchema,
  callerCustomersQuerySchema,
  callerCustomersResponseSchema,
} from "@meridian/shared/caller-booking";
import type { AppEnv } from "../lib/context";
import { caller, route } from "../lib/openapi";
import { idempotencyKey, idempotencyKeyParameter } from "../lib/validate";
import { createCallerBooking, searchCallerCustomers } from "./caller-booking.service";

const tags = ["Admin: bookings"];

export const callerBookingsRoutes = new Hono<AppEnv>()
  .get(
    "/customers",
    route({
      summary: "Find a customer to book for (name, e-mail or phone)",
      description: "Up to 10 customers (never staff) whose name, e-mail or phone number contains the text; a phone number matches by its digits.",
      tags,
      access: ["dispatcher"],
      query: callerCustomersQuerySchema,
      responses: { 200: callerCustomersResponseSchema },
    }),
    async (c) => {
      return c.json({ customers: await searchCallerCustomers(c.get("deps"), c.req.valid("query").q) });
    },
  )
  .post(
    "/bookings",
    route({
      summary: "Book a ride or a valet service for a caller",
      description:
        "Books the customer's quote (POST /api/quotes or /api/valet/quotes; re-priced on the server) for an existing customer (customerId) or a new one (newCustomer: a name with a phone and/or an e-mail). No card is taken: the booking reads \"payment needed\" and the customer gets a secure payment link by e-mail and/or SMS; unpaid by paymentLink.dueAt, it is cancelled without a fee. Audited as \"Booked by <staff> for <customer>\". The same Idempotency-Key with the same body answers the first booking again (header Idempotent-Replayed: true); with another body it is refused.",
      tags,
      access: ["dispatcher"],
      parameters: [idempotencyKeyParameter],
      body: adminCreateBookingSchema,
      responses: {
        201: adminCreateBookingResponseSchema,
        404: { description: "No such customer (customerId)" },
        409: { description: "The price changed since the quote, the quote's coupon can no longer be used (used up, or the customer's own limit), a new customer's e-mail or phone is taken, the key is in use by another request, or the ride cannot be served then (unavailable, with alternatives)" },
        422: { description: "The key was used with another body, the account is not a customer's, or the quote can no longer be booked" },
      },
    }),
    async (c) => {
      const { actor } = caller(c);
      const outcome = await createCallerBooking(c.get("deps"), actor, idempotencyKey(c), c.req.valid("json"));
      if (outcome.replayed) c.header("Idempotent-Replayed", "true");
      return c.json(outcome.body, outcome.status);
    },
  );
