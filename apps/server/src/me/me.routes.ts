import { Hono } from "hono";
import { updateProfileSchema } from "@meridian/shared/profile";
import { requireUser } from "../auth/session";
import type { AppEnv } from "../lib/context";
import { parseBody } from "../lib/validate";
import { uuidParamSchema } from "@meridian/shared/admin";
import { customerCancelSchema, rescheduleSchema } from "@meridian/shared/rides";
import { notFound } from "../lib/errors";
import { cancelByCustomer, previewCancellation } from "../rides/cancel.service";
import { rescheduleRide } from "../rides/reschedule.service";
import { getProfile, listMyBookings, listMyTickets, updateProfile } from "./me.service";

function bookingId(id: string | undefined): string {
  if (!uuidParamSchema.safeParse(id ?? "").success) throw notFound("Booking not found.");
  return id!;
}

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
  // Cancel (the fee, if any, is shown first by GET .../cancellation and accepted in the POST) and reschedule.
  .get("/bookings/:id/cancellation", async (c) => {
    const me = await requireUser(c);
    return c.json({ cancellation: await previewCancellation(c.get("deps").database.db, me, bookingId(c.req.param("id"))) });
  })
  .post("/bookings/:id/cancel", async (c) => {
    const me = await requireUser(c);
    const id = bookingId(c.req.param("id"));
    const { acceptFeeUsd } = await parseBody(c, customerCancelSchema);
    const { cancellation } = await cancelByCustomer(c.get("deps"), me, id, acceptFeeUsd);
    const booking = (await listMyBookings(c.get("deps").database.db, me.id)).find((b) => b.id === id);
    return c.json({ booking, cancellation });
  })
  .post("/bookings/:id/reschedule", async (c) => {
    const me = await requireUser(c);
    const id = bookingId(c.req.param("id"));
    const input = await parseBody(c, rescheduleSchema);
    await rescheduleRide(c.get("deps"), me, id, input);
    const booking = (await listMyBookings(c.get("deps").database.db, me.id)).find((b) => b.id === id);
    return c.json({ booking });
  })
  .get("/tickets", async (c) => {
    const me = await requireUser(c);
    return c.json({ tickets: await listMyTickets(c.get("deps").database.db, me.id) });
  });
