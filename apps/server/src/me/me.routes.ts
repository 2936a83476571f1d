// /api/me: the signed-in customer's profile, bookings and tickets.
import { Hono } from "hono";
import { myBookingsResponseSchema, myTicketsResponseSchema } from "@meridian/shared/booking";
import { profileSchema, updateProfileSchema } from "@meridian/shared/profile";
import { requireUser } from "../auth/session";
import type { AppEnv } from "../lib/context";
import { route } from "../lib/openapi";
import { getProfile, listMyBookings, listMyTickets, updateProfile } from "./me.service";

const tags = ["Account"];

export const meRoutes = new Hono<AppEnv>()
  .get("/profile", route({ summary: "My profile", tags, access: "signed-in", responses: { 200: profileSchema } }), async (c) => {
    const me = await requireUser(c);
    return c.json(await getProfile(c.get("deps").database.db, me.id));
  })
  .patch(
    "/profile",
    route({ summary: "Change my name and phone", tags, access: "signed-in", body: updateProfileSchema, responses: { 200: profileSchema } }),
    async (c) => {
      const me = await requireUser(c);
      return c.json(await updateProfile(c.get("deps").database.db, me.id, c.req.valid("json")));
    },
  )
  .get(
    "/bookings",
    route({ summary: "My bookings, newest first", tags, access: "signed-in", responses: { 200: myBookingsResponseSchema } }),
    async (c) => {
      const me = await requireUser(c);
      return c.json({ bookings: await listMyBookings(c.get("deps").database.db, me.id) });
    },
  )
  .get("/tickets", route({ summary: "My tickets, newest first", tags, access: "signed-in", responses: { 200: myTicketsResponseSchema } }), async (c) => {
    const me = await requireUser(c);
    return c.json({ tickets: await listMyTickets(c.get("deps").database.db, me.id) });
  });
