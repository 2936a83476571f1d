// One Server-Sent Events stream fed by the realtime bus: `onEvent` turns a bus event into a message, or
// null to skip it, or "stop" to end the stream (e.g. the viewer's session is gone); messages go out one
// after another, in the order the events happened. A comment line every 15 s keeps proxies from closing
// the stream, and `stillAllowed` (checked every `checkEvery` heartbeats) ends it when the viewer lost access.
// A signed-in viewer's stream learns of a sign-out, revocation or role change from the bus (session.changed,
// see sessionStream) within moments; its periodic check is only a backstop. When the server stops, every
// stream ends with a short retry hint.
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { AppEnv } from "../lib/context";
import type { RealtimeEvent } from "./bus";

export const HEARTBEAT_MS = 15_000;
/** A signed-in viewer's session is checked again every this many heartbeats (5 minutes), besides every session.changed event. */
export const SESSION_BACKSTOP_HEARTBEATS = 20;
/** When the server stops (SIGTERM), each stream ends with this reconnection delay for its browser. */
export const RETRY_AFTER_STOP_MS = 1000;

export type StreamMessage = { event: string; data: unknown; id?: string };
type Answer = StreamMessage | null | "stop";

/**
 * A message's data as JSON, written once per event: the streams given the same object (every attendant's queue
 * gets the event's ticket, every page of a car its claim update) share one string.
 */
const rendered = new WeakMap<object, string>();
function render(data: unknown): string {
  if (typeof data !== "object" || data === null) return JSON.stringify(data);
  let json = rendered.get(data);
  if (json === undefined) rendered.set(data, (json = JSON.stringify(data)));
  return json;
}

export function busStream(
  c: Context<AppEnv>,
  onEvent: (event: RealtimeEvent) => Answer | Promise<Answer>,
  stillAllowed: () => Promise<boolean>,
  onEnd: () => void = () => {},
  checkEvery = 1,
  /** Only this valet ticket's events (EventBus.subscribe). */
  ticketId?: string,
) {
  const { bus, lifecycle, metrics } = c.get("deps");
  c.header("X-Accel-Buffering", "no");
  c.header("Cache-Control", "no-store");
  return streamSSE(c, async (stream) => {
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    let stopped = false;
    metrics.sseClients.inc();
    const stop = () => {
      if (stopped) return;
      stopped = true;
      metrics.sseClients.dec();
      onEnd();
      clearInterval(heartbeat);
      unsubscribe();
      offStop();
      done();
    };
    let queue = Promise.resolve();
    const unsubscribe = bus.subscribe((event) => {
      const answer = onEvent(event);
      if (answer === null) return; // skipped without waiting on anything
      queue = queue.then(async () => {
        if (stopped) return;
        const msg = await answer;
        if (msg === "stop") return stop();
        if (msg && !stopped) await stream.writeSSE({ event: msg.event, data: render(msg.data), id: msg.id });
      });
    }, ticketId);
    let beats = 0;
    const heartbeat = setInterval(() => {
      beats++;
      void (beats % checkEvery === 0 ? stillAllowed() : Promise.resolve(true))
        .catch(() => false)
        .then(async (ok) => {
          if (!ok) stop();
          else if (!stopped) await stream.write(": heartbeat\n\n");
        });
    }, HEARTBEAT_MS);
    // The server is stopping: tell the browser to come back in a second (EventSource reconnects by itself), end.
    const offStop = lifecycle.onStop(() => void stream.write(`retry: ${RETRY_AFTER_STOP_MS}\n\n`).finally(stop));
    stream.onAbort(stop);
    c.req.raw.signal.addEventListener("abort", stop, { once: true });
    if (c.req.raw.signal.aborted) stop();
    await stream.write(": connected\nretry: 3000\n\n");
    await finished;
  });
}
