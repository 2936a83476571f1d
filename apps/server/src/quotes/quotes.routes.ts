// POST /api/quotes: public, so a visitor sees a price before signing in.
import { Hono } from "hono";
import { quoteInputSchema } from "@meridian/shared/booking";
import type { AppEnv } from "../lib/context";
import { parseBody } from "../lib/validate";
import { issueQuote, priceQuote, quoteResponseJson } from "./quote.service";

export { invalidatePricingCache } from "./pricing-data";

export const quotesRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const input = await parseBody(c, quoteInputSchema);
  const deps = c.get("deps");
  const priced = await priceQuote(deps, input);
  const response = issueQuote(deps.config.authSecret, priced);
  deps.quoteCounts.count("ride", priced.applied !== undefined);
  return c.body(quoteResponseJson(response), 200, { "content-type": "application/json" });
});
