// GET /api/vehicles: the active fleet for the booking dialog, fewest passengers first. Public.
import { Hono } from "hono";
import type { AppEnv } from "../lib/context";
import { pricingSnapshot } from "../quotes/pricing-data";

export const vehiclesRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const snapshot = await pricingSnapshot(c.get("deps").database.db);
  return c.body(snapshot.vehiclesJson, 200, { "content-type": "application/json" });
});
