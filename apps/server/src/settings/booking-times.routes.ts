// GET /api/booking-times: public. The operations clock and notice the booking dialog offers times by (the quote,
// the booking and the reschedule check the same rules: @meridian/shared/booking-time).
import { Hono } from "hono";
import { BOOKING_STEP_MINUTES, bookingTimesResponseSchema, type BookingTimesResponse } from "@meridian/shared/booking-time";
import type { AppEnv } from "../lib/context";
import { route } from "../lib/openapi";
import { cachedOperationsSettings } from "./settings.service";

export const bookingTimesRoutes = new Hono<AppEnv>().get(
  "/",
  route({
    summary: "When rides and valet events can be booked",
    description: "The operations time zone, the notice for rides and valet events, the step of bookable times, and the server's clock.",
    tags: ["Bookings"],
    access: "public",
    responses: { 200: bookingTimesResponseSchema },
  }),
  async (c) => {
    const s = await cachedOperationsSettings(c.get("deps").database.db, 5_000);
    const body: BookingTimesResponse = {
      timeZone: s.timeZone,
      rideNoticeHours: s.rideNoticeHours,
      valetNoticeHours: s.valetNoticeHours,
      stepMinutes: BOOKING_STEP_MINUTES,
      now: new Date().toISOString(),
    };
    return c.json(body, 200, { "cache-control": "no-store" });
  },
);
