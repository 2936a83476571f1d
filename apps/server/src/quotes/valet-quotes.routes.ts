// POST /api/valet/quotes: public, like ride quotes, so a planner sees the price before signing in.
import { Hono } from "hono";
import { valetQuoteInputSchema } from "@meridian/shared/valet";
import type { AppEnv } from "../lib/context";
import { valetQuoteResponseSchema } from "@meridian/shared/valet/answers";
import { route } from "../lib/openapi";
import { requireFeature } from "../settings/public-settings";
import { issueValetQuote, priceValetQuote } from "./valet-quote.service";

export const valetQuotesRoutes = new Hono<AppEnv>().post(
  "/quotes",
  route({
    summary: "Price an event's valet service (a signed, itemised quote)",
    tags: ["Valet"],
    access: "public",
    body: valetQuoteInputSchema,
    responses: { 403: { description: "Valet booking is switched off (Settings → Features)" }, 200: valetQuoteResponseSchema, 422: { description: "No price for this event" } },
  }),
  async (c) => {
    const deps = c.get("deps");
    await requireFeature(deps.database.db, "valetBooking");
    const priced = await priceValetQuote(deps, c.req.valid("json"));
    const response = issueValetQuote(deps.config.authSecret, priced);
    deps.quoteCounts.count("valet", priced.applied !== undefined);
    return c.json(response);
  },
);
