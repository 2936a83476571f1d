// Admin fleet API: vehicles and pricing (ride method, publish, rate cards, tiers, the valet rate card, simulators).
// Mounted at /api/admin; admin only, each route's route({ access }) (the one check, wherever this router is mounted).
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";
import {
  publishPricingSchema,
  rateCardInputSchema,
  simulateQuoteSchema,
  tierInputSchema,
  tierUpdateSchema,
  vehicleInputSchema,
  vehicleUpdateSchema,
} from "@meridian/shared/fleet";
import type { AppEnv } from "../lib/context";
import {
  adminValetRatesSchema,
  okAnswerSchema,
  simulatedQuoteSchema,
  adminVehicleResponseSchema,
  adminVehiclesResponseSchema,
  pricingOverviewSchema,
  publishedPricingSchema,
  rateCardResponseSchema,
  simulatedValetQuoteSchema,
  tierResponseSchema,
} from "@meridian/shared/pricing/answers";
import { caller, routesFor } from "../lib/openapi";
import { parseWith } from "../lib/validate";
import { invalidatePricingCache } from "../quotes/pricing-data";
import { simulateValetSchema, valetRatesSchema } from "@meridian/shared/valet-pricing";
import { getAdminValetRates, saveValetDraft } from "../quotes/valet-rates.service";
import { createTier, deleteTier, getPricingOverview, publishPricing, saveRateCard, simulateQuote, simulateValet, updateTier } from "./fleet/pricing.service";
import { createVehicle, deleteVehicle, listVehicles, updateVehicle } from "./fleet/vehicles.service";

const idSchema = z.uuid({ error: "That id is not valid." });

const paramId = (c: Context<AppEnv>, name = "id") => parseWith(idSchema, c.req.param(name));

/** A change to vehicles or pricing, once made: quotes cache them, so the cache goes and the next quote sees the change. */
async function repriced<T>(change: Promise<T>): Promise<T> {
  const changed = await change;
  invalidatePricingCache();
  return changed;
}

const fleet$ = routesFor("admin", ["Admin: fleet and pricing"]);
const ok = okAnswerSchema;
const notFoundAnswer = { description: "No such row" };

export const adminFleetRoutes = new Hono<AppEnv>()
  // ---- Vehicles
  .get("/vehicles", fleet$("Every vehicle type, active or not", { 200: adminVehiclesResponseSchema }), async (c) => {
    const { db } = caller(c);
    return c.json({ vehicles: await listVehicles(db) });
  })
  .post("/vehicles", fleet$("Add a vehicle type", { 201: adminVehicleResponseSchema }, { body: vehicleInputSchema }), async (c) => {
    const { db, actor } = caller(c);
    return c.json({ vehicle: await repriced(createVehicle(db, actor, c.req.valid("json"))) }, 201);
  })
  .patch("/vehicles/:id", fleet$("Change a vehicle type", { 200: adminVehicleResponseSchema, 404: notFoundAnswer }, { body: vehicleUpdateSchema }), async (c) => {
    const { db, actor } = caller(c);
    return c.json({ vehicle: await repriced(updateVehicle(db, actor, paramId(c), c.req.valid("json"))) });
  })
  .delete("/vehicles/:id", fleet$("Remove a vehicle type", { 200: ok, 404: notFoundAnswer, 409: { description: "Bookings use it: retire it instead" } }), async (c) => {
    const { db, actor } = caller(c);
    await repriced(deleteVehicle(db, actor, paramId(c)));
    return c.json({ ok: true });
  })
  // ---- Pricing
  .get("/pricing", fleet$("The pricing method, rate cards and tiers", { 200: pricingOverviewSchema }), async (c) => {
    const { db } = caller(c);
    return c.json(await getPricingOverview(db));
  })
  .put("/pricing/rate-cards/:vehicleId", fleet$("Set a vehicle's per-mile and per-minute rates", { 200: rateCardResponseSchema, 404: notFoundAnswer }, { body: rateCardInputSchema }), async (c) => {
    const { db, actor } = caller(c);
    return c.json({ rateCard: await repriced(saveRateCard(db, actor, paramId(c, "vehicleId"), c.req.valid("json"))) });
  })
  .post("/pricing/tiers", fleet$("Add a fixed-price distance tier", { 201: tierResponseSchema, 409: { description: "It overlaps another tier" } }, { body: tierInputSchema }), async (c) => {
    const { db, actor } = caller(c);
    return c.json({ tier: await repriced(createTier(db, actor, c.req.valid("json"))) }, 201);
  })
  .patch("/pricing/tiers/:id", fleet$("Change a tier", { 200: tierResponseSchema, 404: notFoundAnswer, 409: { description: "It would overlap another tier" } }, { body: tierUpdateSchema }), async (c) => {
    const { db, actor } = caller(c);
    return c.json({ tier: await repriced(updateTier(db, actor, paramId(c), c.req.valid("json"))) });
  })
  .delete("/pricing/tiers/:id", fleet$("Remove a tier", { 200: ok, 404: notFoundAnswer }), async (c) => {
    const { db, actor } = caller(c);
    await repriced(deleteTier(db, actor, paramId(c)));
    return c.json({ ok: true });
  })
  .post("/pricing/publish", fleet$("Make a pricing method the one customers are quoted with", { 200: publishedPricingSchema, 409: { description: "Not every active vehicle can be priced that way" } }, { body: publishPricingSchema }), async (c) => {
    const { db, actor } = caller(c);
    return c.json(await repriced(publishPricing(db, actor, c.req.valid("json").method)));
  })
  .post("/pricing/simulate", fleet$("Price a trip of given miles and minutes", { 200: simulatedQuoteSchema, 422: { description: "No price for this vehicle and distance" } }, { body: simulateQuoteSchema }), async (c) => {
    const { db } = caller(c);
    const input = c.req.valid("json");
    return c.json({ quote: await simulateQuote(db, input) });
  })
  // ---- Valet rates: the draft card (published with the other pricing) and the valet simulator
  .get("/pricing/valet", fleet$("The valet rate card (draft and published)", { 200: adminValetRatesSchema }), async (c) => {
    const { db } = caller(c);
    return c.json(await getAdminValetRates(db));
  })
  .put("/pricing/valet", fleet$("Save the valet rate card as a draft", { 200: adminValetRatesSchema }, { body: valetRatesSchema }), async (c) => {
    const { db, actor } = caller(c);
    const rates = c.req.valid("json");
    return c.json(await saveValetDraft(db, actor, rates));
  })
  .post("/pricing/simulate-valet", fleet$("Price an event's valet service with the draft rates", { 200: simulatedValetQuoteSchema, 422: { description: "No price for this event" } }, { body: simulateValetSchema }), async (c) => {
    const { db } = caller(c);
    const input = c.req.valid("json");
    return c.json({ quote: await simulateValet(db, input) });
  });
