// POST /api/valet/quotes: public, like ride quotes, so a planner sees the price before signing in.
import { Hono } from "hono";
import { valetQuoteInputSchema } from "@meridian/shared/valet";
import type { AppEnv } from "../lib/context";
import { parseBody } from "../lib/validate";
import { issueValetQuote, priceValetQuote } from "./valet-quote.service";

export const valetQuotesRoutes = new Hono<AppEnv>().post("/quotes", async (c) => {
  const input = await parseBody(c, valetQuoteInputSchema);
  const deps = c.get("deps");
  return c.json(issueValetQuote(deps.config.authSecret, await priceValetQuote(deps, input)));
});
