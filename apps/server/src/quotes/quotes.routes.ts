// POST /api/quotes: public, so a visitor sees a price before signing in. main.ts pre-dispatches it on node:http
// (quote-fast-path.ts) to the same handler, answerQuote; this route serves app.request() and the OpenAPI document.
import { Hono } from "hono";
import { quoteInputSchema, quoteResponseSchema } from "@meridian/shared/booking";
import type { AppEnv } from "../lib/context";
import { route } from "../lib/openapi";
import { answerQuote } from "./quote.service";

export { invalidatePricingCache } from "./pricing-data";

export const quotesRoutes = new Hono<AppEnv>().post(
  "/",
  route({
    summary: "Price a ride",
    description: "An itemised price and a signed quote id that expires; book it with POST /api/bookings.",
    tags: ["Bookings"],
    access: "public",
    body: quoteInputSchema,
    responses: { 200: quoteResponseSchema, 409: { description: "This ride cannot be served then (unavailable): the sentence and alternatives, the three nearest sellable times the same day" }, 422: { description: "No price for this trip (no rate card or tier, no route)" }, 502: { description: "The maps service is not answering" } },
  }),
  async (c) => c.body(await answerQuote(c.get("deps"), c.req.valid("json")), 200, { "content-type": "application/json" }),
);
