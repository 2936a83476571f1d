// POST /api/valet/quotes: public, like ride quotes, so a planner sees the price before signing in.
import { Hono } from "hono";
import { valetQuoteInputSchema } from "@meridian/shared/valet";
import type { AppEnv } from "../lib/context";
import { parseBody } from "../lib/validate";
import { issueValetQuote, priceValetQuote } from "./valet-quote.service";

export const valetQuotesRoutes = new Hono<AppEnv>().post("/quotes", async (c) => {
  const input = await parseBody(c, valetQuoteInputSchema);
  const deps = c.get("deps");
  const priced = await priceValetQuote(deps, input);
  const response = issueValetQuote(deps.config.authSecret, priced);
  deps.quoteCounts.count("valet", priced.applied !== undefined);
  return c.json(response);
});
