// GET /api/vehicles: the active fleet for the booking dialog, fewest passengers first. Public.
import { Hono } from "hono";
import { vehiclesResponseSchema } from "@meridian/shared/booking";
import type { AppEnv } from "../lib/context";
import { route } from "../lib/openapi";
import { pricingSnapshot } from "../quotes/pricing-data";

export const vehiclesRoutes = new Hono<AppEnv>().get(
  "/",
  route({ summary: "The fleet", description: "Active vehicles, fewest passengers first.", tags: ["Bookings"], access: "public", responses: { 200: vehiclesResponseSchema } }),
  async (c) => {
    const snapshot = await pricingSnapshot(c.get("deps").database.db);
    return c.body(snapshot.vehiclesJson, 200, { "content-type": "application/json" });
  },
);
