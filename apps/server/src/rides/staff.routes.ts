// /api/staff: the signed-in chauffeur's rides and their one-tap steps. Only chauffeurs move rides (the staff
// gate in app.ts keeps customers out of /api/staff entirely).
import { Hono } from "hono";
import { uuidParamSchema } from "@meridian/shared/admin";
import { rideStatusChangeSchema } from "@meridian/shared/rides";
import { requireRole } from "../auth/session";
import type { AppEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { parseBody } from "../lib/validate";
import { listChauffeurRides, stepRide } from "./chauffeur.service";

export const staffRoutes = new Hono<AppEnv>()
  .get("/rides", async (c) => {
    // Admins may open the staff screens too (they have no rides of their own).
    const me = await requireRole(c, "chauffeur", "admin");
    return c.json(await listChauffeurRides(c.get("deps").database.db, me.id));
  })
  .post("/rides/:id/status", async (c) => {
    const me = await requireRole(c, "chauffeur");
    const id = c.req.param("id");
    if (!uuidParamSchema.safeParse(id).success) throw notFound("Ride not found.");
    const { status } = await parseBody(c, rideStatusChangeSchema);
    await stepRide(c.get("deps"), me, id, status);
    return c.json(await listChauffeurRides(c.get("deps").database.db, me.id));
  });
