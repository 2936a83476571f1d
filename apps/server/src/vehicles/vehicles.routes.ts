// GET /api/vehicles: the bookable fleet for the booking dialog (active and priced), smallest first. Public.
import { Hono } from "hono";
import { vehiclesResponseSchema } from "@meridian/shared/booking";
import type { AppEnv } from "../lib/context";
import { route } from "../lib/openapi";
import { pricingSnapshot } from "../quotes";

export const vehiclesRoutes = new Hono<AppEnv>().get(
  "/",
  route({ summary: "The fleet", description: "The vehicles customers can book: active and priced under the live method (an active rate card, or an active tier), smallest first.", tags: ["Bookings"], access: "public", responses: { 200: vehiclesResponseSchema } }),
  async (c) => {
    const snapshot = await pricingSnapshot(c.get("deps").database.db);
    return c.body(snapshot.vehiclesJson, 200, { "content-type": "application/json" });
  },
);
