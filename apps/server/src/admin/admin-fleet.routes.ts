// Admin fleet API: vehicles and pricing (ride method, publish, rate cards, tiers, the valet rate card, simulators).
// Mounted at /api/admin behind the admin-only middleware in app.ts; each handler also asks for the
// admin role itself, both for the audit actor and so the rule holds wherever this router is mounted.
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
import { requireRole } from "../auth/session";
import type { AppEnv } from "../lib/context";
import { parseBody, parseWith } from "../lib/validate";
import { invalidatePricingCache } from "../quotes/pricing-data";
import { simulateValetSchema, valetRatesSchema } from "@meridian/shared/valet-pricing";
import { getAdminValetRates, saveValetDraft } from "../valet/valet-rates.service";
import { createTier, deleteTier, getPricingOverview, publishPricing, saveRateCard, simulateQuote, simulateValet, updateTier } from "./fleet/pricing.service";
import { createVehicle, deleteVehicle, listVehicles, updateVehicle } from "./fleet/vehicles.service";

const idSchema = z.uuid({ error: "That id is not valid." });

async function admin(c: Context<AppEnv>) {
  const user = await requireRole(c, "admin");
  return { actor: { id: user.id, email: user.email }, db: c.get("deps").database.db };
}

const paramId = (c: Context<AppEnv>, name = "id") => parseWith(idSchema, c.req.param(name));

/** Quotes cache vehicles and pricing; drop that cache after every change so the next quote sees it. */
function pricingChanged(_c: Context<AppEnv>) {
  invalidatePricingCache();
}

export const adminFleetRoutes = new Hono<AppEnv>()
  // ---- Vehicles
  .get("/vehicles", async (c) => {
    const { db } = await admin(c);
    return c.json({ vehicles: await listVehicles(db) });
  })
  .post("/vehicles", async (c) => {
    const { db, actor } = await admin(c);
    const input = await parseBody(c, vehicleInputSchema);
    const vehicle = await createVehicle(db, actor, input);
    pricingChanged(c);
    return c.json({ vehicle }, 201);
  })
  .patch("/vehicles/:id", async (c) => {
    const { db, actor } = await admin(c);
    const id = paramId(c);
    const patch = await parseBody(c, vehicleUpdateSchema);
    const vehicle = await updateVehicle(db, actor, id, patch);
    pricingChanged(c);
    return c.json({ vehicle });
  })
  .delete("/vehicles/:id", async (c) => {
    const { db, actor } = await admin(c);
    await deleteVehicle(db, actor, paramId(c));
    pricingChanged(c);
    return c.json({ ok: true });
  })
  // ---- Pricing
  .get("/pricing", async (c) => {
    const { db } = await admin(c);
    return c.json(await getPricingOverview(db));
  })
  .put("/pricing/rate-cards/:vehicleId", async (c) => {
    const { db, actor } = await admin(c);
    const vehicleId = paramId(c, "vehicleId");
    const input = await parseBody(c, rateCardInputSchema);
    const rateCard = await saveRateCard(db, actor, vehicleId, input);
    pricingChanged(c);
    return c.json({ rateCard });
  })
  .post("/pricing/tiers", async (c) => {
    const { db, actor } = await admin(c);
    const input = await parseBody(c, tierInputSchema);
    const tier = await createTier(db, actor, input);
    pricingChanged(c);
    return c.json({ tier }, 201);
  })
  .patch("/pricing/tiers/:id", async (c) => {
    const { db, actor } = await admin(c);
    const id = paramId(c);
    const patch = await parseBody(c, tierUpdateSchema);
    const tier = await updateTier(db, actor, id, patch);
    pricingChanged(c);
    return c.json({ tier });
  })
  .delete("/pricing/tiers/:id", async (c) => {
    const { db, actor } = await admin(c);
    await deleteTier(db, actor, paramId(c));
    pricingChanged(c);
    return c.json({ ok: true });
  })
  .post("/pricing/publish", async (c) => {
    const { db, actor } = await admin(c);
    const { method } = await parseBody(c, publishPricingSchema);
    const published = await publishPricing(db, actor, method);
    pricingChanged(c);
    return c.json(published);
  })
  .post("/pricing/simulate", async (c) => {
    const { db } = await admin(c);
    const input = await parseBody(c, simulateQuoteSchema);
    return c.json({ quote: await simulateQuote(db, input) });
  })
  // ---- Valet rates: the draft card (published with the other pricing) and the valet simulator
  .get("/pricing/valet", async (c) => {
    const { db } = await admin(c);
    return c.json(await getAdminValetRates(db));
  })
  .put("/pricing/valet", async (c) => {
    const { db, actor } = await admin(c);
    const rates = await parseBody(c, valetRatesSchema);
    return c.json(await saveValetDraft(db, actor, rates));
  })
  .post("/pricing/simulate-valet", async (c) => {
    const { db } = await admin(c);
    const input = await parseBody(c, simulateValetSchema);
    return c.json({ quote: await simulateValet(db, input) });
  });
