import { Hono } from "hono";
import { updateProfileSchema } from "@meridian/shared/profile";
import { requireUser } from "../auth/session";
import type { AppEnv } from "../lib/context";
import { parseBody } from "../lib/validate";
import { getProfile, listMyBookings, listMyTickets, updateProfile } from "./me.service";

export const meRoutes = new Hono<AppEnv>()
  .get("/profile", async (c) => {
    const me = await requireUser(c);
    return c.json(await getProfile(c.get("deps").database.db, me.id));
  })
  .patch("/profile", async (c) => {
    const me = await requireUser(c);
    const input = await parseBody(c, updateProfileSchema);
    return c.json(await updateProfile(c.get("deps").database.db, me.id, input));
  })
  .get("/bookings", async (c) => {
    const me = await requireUser(c);
    return c.json({ bookings: await listMyBookings(c.get("deps").database.db, me.id) });
  })
  .get("/tickets", async (c) => {
    const me = await requireUser(c);
    return c.json({ tickets: await listMyTickets(c.get("deps").database.db, me.id) });
  });
