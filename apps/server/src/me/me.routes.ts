// /api/me: the signed-in customer's profile, bookings and tickets.
import { requireFeature } from "../settings/public-settings";
import { Hono } from "hono";
import { myTicketsResponseSchema } from "@meridian/shared/booking";
import { cancelBookingResponseSchema, cancellationResponseSchema, myBookingResponseSchema, myBookingsResponseSchema } from "@meridian/shared/bookings/answers";
import { profileSchema, updateProfileSchema } from "@meridian/shared/profile";
import type { AppEnv } from "../lib/context";
import { customerCancelSchema, rescheduleSchema } from "@meridian/shared/rides";
import { route } from "../lib/openapi";
import { cancelByCustomer, previewCancellation, rescheduleRide } from "../rides";
import { getProfile, listMyBookings, listMyTickets, updateProfile } from "./me.service";
import { idParam } from "../lib/validate";

const tags = ["Account"];
const bookingIdParameter = [{ in: "path" as const, name: "id", required: true, description: "The booking's id (a UUID; anything else: 404)", schema: { type: "string", format: "uuid" } }];

export const meRoutes = new Hono<AppEnv>()
  .get("/profile", route({ summary: "My profile", tags, access: "signed-in", responses: { 200: profileSchema } }), async (c) => {
    const me = c.get("actor");
    return c.json(await getProfile(c.get("deps").database.db, me.id));
  })
  .patch(
    "/profile",
    route({ summary: "Change my name and phone", tags, access: "signed-in", body: updateProfileSchema, responses: { 200: profileSchema } }),
    async (c) => {
      const me = c.get("actor");
      return c.json(await updateProfile(c.get("deps").database.db, me.id, c.req.valid("json")));
    },
  )
  .get(
    "/bookings",
    route({ summary: "My bookings: live and upcoming first (soonest first), then past ones (most recent first)", tags, access: "signed-in", responses: { 200: myBookingsResponseSchema } }),
    async (c) => {
      const me = c.get("actor");
      return c.json({ bookings: await listMyBookings(c.get("deps").database.db, me.id) });
    },
  )
  // Cancel (the fee, if any, is shown first by GET .../cancellation and accepted in the POST) and reschedule.
  .get(
    "/bookings/:id/cancellation",
    route({
      summary: "What cancelling my booking would cost",
      tags,
      access: "signed-in",
      parameters: bookingIdParameter,
      responses: { 200: cancellationResponseSchema, 404: { description: "Booking not found." }, 409: { description: "It can no longer be cancelled" } },
    }),
    async (c) => {
      const me = c.get("actor");
      return c.json({ cancellation: await previewCancellation(c.get("deps").database.db, me, idParam(c, "Booking")) });
    },
  )
  .post(
    "/bookings/:id/cancel",
    route({
      summary: "Cancel my booking (accepting the fee shown, if any)",
      tags,
      access: "signed-in",
      parameters: bookingIdParameter,
      body: customerCancelSchema,
      responses: { 200: cancelBookingResponseSchema, 404: { description: "Booking not found." }, 409: { description: "It can no longer be cancelled, or the fee changed" } },
    }),
    async (c) => {
      const me = c.get("actor");
      const id = idParam(c, "Booking");
      const { acceptFeeUsd } = c.req.valid("json");
      const { cancellation } = await cancelByCustomer(c.get("deps"), me, id, acceptFeeUsd);
      const booking = (await listMyBookings(c.get("deps").database.db, me.id)).find((b) => b.id === id);
      return c.json({ booking, cancellation });
    },
  )
  .post(
    "/bookings/:id/reschedule",
    route({
      summary: "Move my ride to another date and time",
      tags,
      access: "signed-in",
      parameters: bookingIdParameter,
      body: rescheduleSchema,
      description:
        "Within the hold window, a new total (or a ride booked far off) is authorised on the card kept for the ride before it moves; the old hold is released. Moved beyond the window, the hold is released and the card authorised again 48 hours before.",
      responses: {
        200: myBookingResponseSchema,
        403: { description: "Customer reschedule is switched off (Settings → Features)" },
        402: { description: "The card kept for the ride was declined for the new total, or needs an authentication step: the ride is not moved" },
        404: { description: "Booking not found." },
        409: { description: "It can no longer be rescheduled, the new price needs the customer's agreement, or the new time cannot be served (unavailable, with alternatives; the ride's own time is left out)" },
        503: { description: "Payments are unavailable for a moment: the ride is not moved" },
      },
    }),
    async (c) => {
      const me = c.get("actor");
      await requireFeature(c.get("deps").database.db, "customerReschedule");
      const id = idParam(c, "Booking");
      await rescheduleRide(c.get("deps"), me, id, c.req.valid("json"));
      const booking = (await listMyBookings(c.get("deps").database.db, me.id)).find((b) => b.id === id);
      return c.json({ booking });
    },
  )
  .get("/tickets", route({ summary: "My tickets, newest first", tags, access: "signed-in", responses: { 200: myTicketsResponseSchema } }), async (c) => {
    const me = c.get("actor");
    return c.json({ tickets: await listMyTickets(c.get("deps").database.db, me.id) });
  });
