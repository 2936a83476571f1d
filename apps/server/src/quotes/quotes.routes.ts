// POST /api/quotes: public, so a visitor sees a price before signing in. main.ts answers it on node:http
// (quote-fast-path.ts) with the same schema; this route serves app.request() and describes it in the OpenAPI document.
import { Hono } from "hono";
import { quoteInputSchema, quoteResponseSchema } from "@meridian/shared/booking";
import type { AppEnv } from "../lib/context";
import { route } from "../lib/openapi";
import { issueQuote, priceQuote, quoteResponseJson } from "./quote.service";

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
  async (c) => {
    const deps = c.get("deps");
    const priced = await priceQuote(deps, c.req.valid("json"));
    const response = issueQuote(deps.config.authSecret, priced);
    deps.metrics.quotesIssued.inc();
    deps.quoteCounts.count("ride", priced.applied !== undefined);
    return c.body(quoteResponseJson(response), 200, { "content-type": "application/json" });
  },
);
