// GET /api/realtime: Server-Sent Events for signed-in users. Admins and staff receive every
// booking.created; a customer only their own. A comment line every 15 s keeps proxies from closing it.
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { BOOKING_CREATED_EVENT, type BookingCreatedMessage } from "@meridian/shared/realtime";
import { requireUser } from "../auth/session";
import type { AppEnv } from "../lib/context";
import type { RealtimeEvent } from "./bus";

export const HEARTBEAT_MS = 15_000;

export const realtimeRoutes = new Hono<AppEnv>().get("/", async (c) => {
  const me = await requireUser(c);
  const seesAll = me.role === "admin" || me.role === "staff";
  const { bus } = c.get("deps");
  c.header("X-Accel-Buffering", "no");
  return streamSSE(c, async (stream) => {
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    const unsubscribe = bus.subscribe((event: RealtimeEvent) => {
      if (event.type !== "booking.created" || (!seesAll && event.userId !== me.id)) return;
      const data: BookingCreatedMessage = { bookingId: event.bookingId, service: event.service, createdAt: event.createdAt };
      void stream.writeSSE({ event: BOOKING_CREATED_EVENT, data: JSON.stringify(data), id: event.bookingId });
    });
    const heartbeat = setInterval(() => void stream.write(": heartbeat\n\n"), HEARTBEAT_MS);
    const stop = () => {
      clearInterval(heartbeat);
      unsubscribe();
      done();
    };
    stream.onAbort(stop);
    c.req.raw.signal.addEventListener("abort", stop, { once: true });
    if (c.req.raw.signal.aborted) stop();
    await stream.write(": connected\nretry: 3000\n\n");
    await finished;
  });
});
