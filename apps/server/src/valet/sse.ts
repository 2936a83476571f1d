// One Server-Sent Events stream fed by the realtime bus: `onEvent` turns a bus event into zero or one
// message; a comment line every 15 s keeps proxies from closing the stream, and `stillAllowed` (checked at
// each heartbeat) ends it when the viewer lost access (signed out, deactivated, ticket link expired).
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../lib/context";
import type { RealtimeEvent } from "../realtime/bus";

export const SSE_HEARTBEAT_MS = 15_000;

export function busStream(
  c: Context<AppEnv>,
  onEvent: (event: RealtimeEvent) => { event: string; data: unknown; id?: string } | null,
  stillAllowed: () => Promise<boolean>,
) {
  const { bus } = c.get("deps");
  c.header("X-Accel-Buffering", "no");
  c.header("Cache-Control", "no-store");
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
    let queue = Promise.resolve(); // messages go out in the order the events happened
    const unsubscribe = bus.subscribe((event) => {
      const msg = onEvent(event);
      if (!msg) return;
      queue = queue.then(() => (stopped ? undefined : stream.writeSSE({ event: msg.event, data: JSON.stringify(msg.data), id: msg.id })));
    });
    const heartbeat = setInterval(() => {
      void stillAllowed()
        .catch(() => false)
        .then(async (ok) => {
          if (!ok) stop();
          else if (!stopped) await stream.write(": heartbeat\n\n");
        });
    }, SSE_HEARTBEAT_MS);
    stream.onAbort(stop);
    c.req.raw.signal.addEventListener("abort", stop, { once: true });
    if (c.req.raw.signal.aborted) stop();
    await stream.write(": connected\nretry: 3000\n\n");
    await finished;
  });
}
