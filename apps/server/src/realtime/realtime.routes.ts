// GET /api/realtime: Server-Sent Events for signed-in users. Admins and staff receive every
// booking.created; a customer only their own. The session is checked again before each event the stream
// may receive and at each heartbeat (every 15 s, which also keeps proxies from closing the stream): a stream
// whose session was signed out, revoked or deactivated ends, and a demotion applies to the next event. A
// customer's stream skips other customers' bookings without a session lookup (so a booking costs lookups
// for the staff streams and its owner's, not for every customer online); a promotion applies from the next
// heartbeat.
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { BOOKING_CREATED_EVENT, type BookingCreatedMessage } from "@meridian/shared/realtime";
import { requireUser } from "../auth/session";
import type { AppEnv } from "../lib/context";
import { route } from "../lib/openapi";
import type { RealtimeEvent } from "./bus";

export const HEARTBEAT_MS = 15_000;

export const realtimeRoutes = new Hono<AppEnv>().get(
  "/",
  route({
    summary: "Live events (Server-Sent Events)",
    description: "booking.created events: every booking for admins and staff, a customer's own otherwise; a heartbeat comment every 15 s.",
    tags: ["Account"],
    access: "signed-in",
    responses: { 200: { description: "An event stream", contentType: "text/event-stream" } },
  }),
  async (c) => {
    const me = await requireUser(c);
    /** The stream's user as last checked. */
    let known = { id: me.id, role: me.role ?? "user" };
    const { bus, auth, metrics } = c.get("deps");
    const headers = c.req.raw.headers;
    c.header("X-Accel-Buffering", "no");
    return streamSSE(c, async (stream) => {
      let done!: () => void;
      const finished = new Promise<void>((resolve) => (done = resolve));
      let stopped = false;
      metrics.sseClients.inc();
      const stop = () => {
        if (stopped) return;
        stopped = true;
        metrics.sseClients.dec();
        clearInterval(heartbeat);
        unsubscribe();
        done();
      };
      /** The stream's user as of now, or null (and the stream ends) when the session no longer holds. */
      const currentUser = async () => {
        const session = await auth.api.getSession({ headers }).catch(() => null);
        const user = session?.user && !session.user.banned ? session.user : null;
        if (!user) stop();
        else known = { id: user.id, role: user.role ?? "user" };
        return user;
      };

      // Events are handled one after another so they arrive in the order they happened.
      let queue = Promise.resolve();
      const seesAll = (role: string) => role === "admin" || role === "staff";
      const unsubscribe = bus.subscribe((event: RealtimeEvent) => {
        if (event.type !== "booking.created") return;
        if (!seesAll(known.role) && event.userId !== known.id) return; // another customer's booking
        queue = queue.then(async () => {
          if (stopped) return;
          const user = await currentUser();
          if (!user || stopped) return;
          if (!seesAll(known.role) && event.userId !== known.id) return;
          const data: BookingCreatedMessage = { bookingId: event.bookingId, service: event.service, createdAt: event.createdAt };
          await stream.writeSSE({ event: BOOKING_CREATED_EVENT, data: JSON.stringify(data), id: event.bookingId });
        });
      });
      const heartbeat = setInterval(() => {
        void currentUser().then((me) => (me && !stopped ? stream.write(": heartbeat\n\n") : undefined));
      }, HEARTBEAT_MS);
      stream.onAbort(stop);
      c.req.raw.signal.addEventListener("abort", stop, { once: true });
      if (c.req.raw.signal.aborted) stop();
      await stream.write(": connected\nretry: 3000\n\n");
      await finished;
    });
  },
);
