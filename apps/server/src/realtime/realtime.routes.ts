// GET /api/realtime: Server-Sent Events for signed-in users. Admins and staff receive every
// booking.created; a customer only their own. The session is checked again before each event and at each
// heartbeat (every 15 s, which also keeps proxies from closing the stream): a stream whose session was
// signed out, revoked or deactivated ends, and a changed role applies to the next event.
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { BOOKING_CREATED_EVENT, type BookingCreatedMessage } from "@meridian/shared/realtime";
import { requireUser } from "../auth/session";
import type { AppEnv } from "../lib/context";
import type { RealtimeEvent } from "./bus";

export const HEARTBEAT_MS = 15_000;

export const realtimeRoutes = new Hono<AppEnv>().get("/", async (c) => {
  await requireUser(c);
  const { bus, auth } = c.get("deps");
  const headers = c.req.raw.headers;
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    let stopped = false;
    const stop = () => {
      if (stopped) return;
      stopped = true;
      clearInterval(heartbeat);
      unsubscribe();
      done();
    };
    /** The stream's user as of now, or null (and the stream ends) when the session no longer holds. */
    const currentUser = async () => {
      const session = await auth.api.getSession({ headers }).catch(() => null);
      const user = session?.user && !session.user.banned ? session.user : null;
      if (!user) stop();
      return user;
    };

    // Events are handled one after another so they arrive in the order they happened.
    let queue = Promise.resolve();
    const unsubscribe = bus.subscribe((event: RealtimeEvent) => {
      if (event.type !== "booking.created") return;
      queue = queue.then(async () => {
        if (stopped) return;
        const me = await currentUser();
        if (!me || stopped) return;
        const seesAll = me.role === "admin" || me.role === "staff";
        if (!seesAll && event.userId !== me.id) return;
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
});
