// GET /api/realtime: Server-Sent Events for signed-in users. Admins and dispatchers receive every
// booking event; a customer only their own bookings', a chauffeur those of their rides. The session is checked again before each event the stream
// may receive and at each heartbeat (every 15 s, which also keeps proxies from closing the stream): a stream
// whose session was signed out, revoked or deactivated ends, and a demotion applies to the next event. A
// customer's stream skips other customers' bookings without a session lookup (so a booking costs lookups
// for the staff streams and its owner's, not for every customer online); a promotion applies from the next
// heartbeat.
import { Hono } from "hono";
import { asRole, isDeskRole } from "@meridian/shared/auth";
import { BOOKING_CREATED_EVENT, BOOKING_UPDATED_EVENT, type BookingCreatedMessage, type BookingUpdatedMessage } from "@meridian/shared/realtime";
import { requireUser } from "../auth/session";
import type { AppEnv } from "../lib/context";
import type { BookingCreatedEvent, BookingUpdatedEvent } from "./bus";
import { busStream } from "./bus-stream";
import { route } from "../lib/openapi";
import { errorBody } from "../lib/errors";
import { STREAM_RETRY_AFTER_S, takeStreamSlot } from "./stream-limits";

export { HEARTBEAT_MS, RETRY_AFTER_STOP_MS } from "./bus-stream";

export const realtimeRoutes = new Hono<AppEnv>().get(
  "/",
  route({
    summary: "Live events (Server-Sent Events)",
    description:
      "booking.created and booking.updated events: every booking for the desk (admins, dispatchers), a customer's own bookings and a chauffeur's rides otherwise; a heartbeat comment every 15 s.",
    tags: ["Account"],
    access: "signed-in",
    responses: { 200: { description: "An event stream", contentType: "text/event-stream" }, 429: { description: "Too many streams open for this account or address (Retry-After)" } },
  }),
  async (c) => {
    const me = await requireUser(c);
    const release = takeStreamSlot(c.get("deps"), me.id, c.get("clientIp"));
    if (!release) {
      return c.json(errorBody("too_many_streams", "Too many live connections are open. Close a tab or try again shortly."), 429, {
        "retry-after": String(STREAM_RETRY_AFTER_S),
      });
    }
    /** The stream's user as last checked. */
    let known = { id: me.id, role: me.role ?? "user" };
    const { auth } = c.get("deps");
    const headers = c.req.raw.headers;
    /** The stream's user as of now, or null when the session no longer holds. */
    const currentUser = async () => {
      const session = await auth.api.getSession({ headers }).catch(() => null);
      const user = session?.user && !session.user.banned ? session.user : null;
      if (user) known = { id: user.id, role: user.role ?? "user" };
      return user;
    };
    const seesAll = (role: string) => isDeskRole(asRole(role));
    /** Whether the stream's user may hear about this booking event: the desk all of them, others their own bookings and rides. */
    const concerns = (event: BookingCreatedEvent | BookingUpdatedEvent) =>
      seesAll(known.role) || event.userId === known.id || (event.type === "booking.updated" && event.chauffeurIds.includes(known.id));
    return busStream(
      c,
      (event) => {
        if (event.type !== "booking.created" && event.type !== "booking.updated") return null;
        if (!concerns(event)) return null; // another customer's booking
        return currentUser().then((user) => {
          if (!user) return "stop";
          if (!concerns(event)) return null;
          if (event.type === "booking.created") {
            const data: BookingCreatedMessage = { bookingId: event.bookingId, service: event.service, createdAt: event.createdAt };
            return { event: BOOKING_CREATED_EVENT, data, id: event.bookingId };
          }
          const data: BookingUpdatedMessage = { bookingId: event.bookingId, status: event.status, chauffeurFirstName: event.chauffeurFirstName, vehicleName: event.vehicleName };
          return { event: BOOKING_UPDATED_EVENT, data };
        });
      },
      async () => Boolean(await currentUser()),
      release,
    );
  },
);
