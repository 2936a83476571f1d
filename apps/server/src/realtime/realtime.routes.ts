// GET /api/realtime: Server-Sent Events for signed-in users. Admins and dispatchers receive every
// booking event; a customer only their own bookings', a chauffeur those of their rides. No event and no heartbeat
// costs a database query: the database announces every change of a user's sessions or access (sign-out, password
// reset or change, revocation, deactivation, role change: a session.changed event from triggers, whoever made
// the change), and only then do that user's streams check their session again (one query): a stream whose
// session ended closes within moments, and a role change applies to the events after it. A backstop check runs
// every 5 minutes (a notification lost with a database connection).
import { Hono } from "hono";
import { asRole, isDeskRole } from "@meridian/shared/auth";
import { BOOKING_CREATED_EVENT, BOOKING_UPDATED_EVENT, type BookingCreatedMessage, type BookingUpdatedMessage } from "@meridian/shared/realtime";
import { userFromHeaders } from "../lib/session";
import type { AppEnv } from "../lib/context";
import type { BookingCreatedEvent, BookingUpdatedEvent } from "./bus";
import { busStream, SESSION_BACKSTOP_HEARTBEATS } from "./bus-stream";
import { LAST_EVENT_ID, route } from "../lib/openapi";
import { takeStreamSlot, tooManyStreams } from "./stream-limits";

export { HEARTBEAT_MS, RETRY_AFTER_STOP_MS } from "./bus-stream";

export const realtimeRoutes = new Hono<AppEnv>().get(
  "/",
  route({
    summary: "Live events (Server-Sent Events)",
    description:
      "booking.created and booking.updated events: every booking for the desk (admins, dispatchers), a customer's own bookings and a chauffeur's rides otherwise; a heartbeat comment every 15 s.",
    tags: ["Account"],
    access: "signed-in",
    parameters: [LAST_EVENT_ID],
    responses: { 200: { description: "An event stream", contentType: "text/event-stream" }, 429: { description: "Too many streams open for this account or address (Retry-After)" } },
  }),
  async (c) => {
    const me = c.get("actor");
    const release = takeStreamSlot(c.get("deps"), me.id, c.get("clientIp"));
    if (!release) return tooManyStreams(c);
    /** The stream's user as last checked. */
    let known = { id: me.id, role: me.role ?? "user" };
    const deps = c.get("deps");
    const headers = c.req.raw.headers;
    /** The latest session check: events wait for it, so a demotion applies to every event after its notification. */
    let checking: Promise<boolean> = Promise.resolve(true);
    /** Checks the session again (one query): false when it no longer holds. */
    const recheck = () =>
      (checking = userFromHeaders(deps, headers)
        .catch(() => null)
        .then((user) => {
          if (user) known = { id: user.id, role: user.role ?? "user" };
          return Boolean(user);
        }));
    const seesAll = (role: string) => isDeskRole(asRole(role));
    /** Whether the stream's user may hear about this booking event: the desk all of them, others their own bookings and rides. */
    const concerns = (event: BookingCreatedEvent | BookingUpdatedEvent) =>
      seesAll(known.role) || event.userId === known.id || (event.type === "booking.updated" && event.chauffeurIds.includes(known.id));
    return busStream(
      c,
      (event) => {
        if (event.type === "session.changed") return event.userId === known.id ? recheck().then((ok) => (ok ? null : "stop")) : null;
        if (event.type !== "booking.created" && event.type !== "booking.updated") return null;
        if (!concerns(event)) return null; // another customer's booking
        return checking.then((ok) => {
          if (!ok) return "stop";
          if (!concerns(event)) return null;
          if (event.type === "booking.created") {
            const data: BookingCreatedMessage = { bookingId: event.bookingId, service: event.service, createdAt: event.createdAt };
            return { event: BOOKING_CREATED_EVENT, data, id: event.bookingId };
          }
          const data: BookingUpdatedMessage = { bookingId: event.bookingId, status: event.status, chauffeurFirstName: event.chauffeurFirstName, vehicleName: event.vehicleName };
          if (event.notice && seesAll(known.role)) data.notice = event.notice;
          return { event: BOOKING_UPDATED_EVENT, data };
        });
      },
      recheck,
      release,
      SESSION_BACKSTOP_HEARTBEATS,
    );
  },
);
