// /api/staff: the signed-in chauffeur's rides and their one-tap steps. Only chauffeurs move rides (route({ access })
// keeps customers out; moving a ride lets in chauffeurs only, not admins).
import { Hono } from "hono";
import { rideStatusChangeSchema } from "@meridian/shared/rides";
import type { AppEnv } from "../lib/context";
import { staffRidesResponseSchema } from "@meridian/shared/rides/answers";
import { route } from "../lib/openapi";
import { listChauffeurRides, stepRide } from "./chauffeur.service";
import { idParam } from "../lib/validate";

const tags = ["Staff: rides"];

export const staffRoutes = new Hono<AppEnv>()
  .get(
    "/rides",
    route({ summary: "My rides as a chauffeur (today's and the next ones)", tags, access: "chauffeur", responses: { 200: staffRidesResponseSchema } }),
    async (c) => {
      // Admins may open the staff screens too (they have no rides of their own).
      const me = c.get("actor");
      return c.json(await listChauffeurRides(c.get("deps").database.db, me.id));
    },
  )
  .post(
    "/rides/:id/status",
    route({
      summary: "Move my ride one step (en route, arrived, on board, completed)",
      description: "Chauffeurs only (an admin is refused: a ride is moved by its chauffeur).",
      tags,
      access: { only: ["chauffeur"] },
      parameters: [{ in: "path", name: "id", required: true, description: "The ride's booking id", schema: { type: "string", format: "uuid" } }],
      body: rideStatusChangeSchema,
      responses: { 200: { description: "The chauffeur's rides, as after the step", schema: staffRidesResponseSchema }, 404: { description: "Ride not found." }, 409: { description: "That step is not the ride's next one" } },
    }),
    async (c) => {
      const me = c.get("actor");
      const id = idParam(c, "Ride");
      await stepRide(c.get("deps"), me, id, c.req.valid("json").status);
      return c.json(await listChauffeurRides(c.get("deps").database.db, me.id));
    },
  );
