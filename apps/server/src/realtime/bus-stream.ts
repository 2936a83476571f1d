// One Server-Sent Events stream fed by the realtime bus: `onEvent` turns a bus event into a message, or
// null to skip it, or "stop" to end the stream (e.g. the viewer's session is gone); messages go out one
// after another, in the order the events happened. A comment line every 15 s keeps proxies from closing
// the stream, and `stillAllowed` (checked every `checkEvery` heartbeats) ends it when the viewer lost access.
// A signed-in viewer's stream learns of a sign-out, revocation or role change from the bus (session.changed,
// see sessionStream) within moments; its periodic check is only a backstop. When the server stops, every
// stream ends with a short retry hint.
//
// Two transports, one behaviour (decision 022): under @hono/node-server (the running server) the frames are
// written straight to the Node response (`c.env.outgoing`), with the headers the Hono path would have; without
// a Node response (app.request() in tests, another runtime) through Hono's streamSSE. bus-stream.test.ts holds
// both to the same bytes and headers.
import type { ServerResponse } from "node:http";
import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import { RESPONSE_ALREADY_SENT } from "@hono/node-server/utils/response";
import type { AppEnv } from "../lib/context";
import { appSecurityHeaderList } from "../lib/security-headers";
import type { RealtimeEvent } from "./bus";

export const HEARTBEAT_MS = 15_000;
/** A signed-in viewer's session is checked again every this many heartbeats (5 minutes), besides every session.changed event. */
export const SESSION_BACKSTOP_HEARTBEATS = 20;
/** When the server stops (SIGTERM), each stream ends with this reconnection delay for its browser. */
export const RETRY_AFTER_STOP_MS = 1000;
/**
 * A stream whose client has this much written to it and not yet taken (bytes in the response and its socket,
 * beyond what the kernel holds) is closed instead of buffering more: its browser reconnects and reads the page
 * again (event-stream.ts's onReconnect). About a thousand valet tickets; a page that reads never gets near it.
 */
export const MAX_UNSENT_BYTES = 1 << 20;

/** The stream's first bytes: a comment (the bench and tests wait for it) and the browser's reconnection delay. */
export const PREAMBLE = ": connected\nretry: 3000\n\n";
const HEARTBEAT = ": heartbeat\n\n";

export type StreamMessage = { event: string; data: unknown; id?: string };
type Answer = StreamMessage | null | "stop";

/** An event's frame in the bytes Hono's `writeSSE` writes (event, data lines, id; no retry field). */
export function sseFrame(event: string, data: string, id?: string): string {
  for (const value of [event, id]) if (value && /[\r\n]/.test(value)) throw new Error("an event's name and id must not contain a line break");
  const lines = data.split(/\r\n|\r|\n/).join("\ndata: ");
  return `${event ? `event: ${event}\n` : ""}data: ${lines}${id !== undefined ? `\nid: ${id}` : ""}\n\n`;
}

/**
 * A message's frame, rendered once per event: the streams given the same data object (every attendant's queue
 * gets the event's ticket, every page of a car its claim update) with the same name and id share one string.
 */
const rendered = new WeakMap<object, { event: string; id: string | undefined; frame: string }>();
export function frameOf({ event, data, id }: StreamMessage): string {
  if (typeof data !== "object" || data === null) return sseFrame(event, JSON.stringify(data), id);
  const hit = rendered.get(data);
  if (hit && hit.event === event && hit.id === id) return hit.frame;
  const frame = sseFrame(event, JSON.stringify(data), id);
  rendered.set(data, { event, id, frame });
  return frame;
}

/** Where a stream's text goes: the Node response, or Hono's stream. */
type Sink = {
  write(text: string): void;
  /** Ends the response; the stream has stopped. */
  end(): void;
};

type Feed = {
  onEvent: (event: RealtimeEvent) => Answer | Promise<Answer>;
  stillAllowed: () => Promise<boolean>;
  onEnd: () => void;
  checkEvery: number;
  ticketId: string | undefined;
};

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> => typeof (value as { then?: unknown } | null)?.then === "function";

/**
 * Feeds `sink` from the bus until the stream stops (an answer "stop", access lost, the server stopping, or the
 * transport calling the returned stop: the client went away). Messages answered at once are written at once;
 * an answer still being worked out (a session check) holds the ones after it, so they go out in order.
 */
function feed(c: Context<AppEnv>, sink: Sink, { onEvent, stillAllowed, onEnd, checkEvery, ticketId }: Feed): { stop: () => void; stopped: Promise<void> } {
  const { bus, lifecycle, metrics } = c.get("deps");
  let done!: () => void;
  const stopped = new Promise<void>((resolve) => (done = resolve));
  let over = false;
  metrics.sseClients.inc();
  const stop = () => {
    if (over) return;
    over = true;
    metrics.sseClients.dec();
    onEnd();
    clearInterval(heartbeat);
    unsubscribe();
    offStop();
    sink.end();
    done();
  };
  const deliver = (msg: Answer) => {
    if (over || msg === null) return;
    if (msg === "stop") return stop();
    sink.write(frameOf(msg));
  };
  /** Answers still being worked out, and the last of them (the next one waits for it). */
  let waiting = 0;
  let queue: Promise<void> = Promise.resolve();
  const unsubscribe = bus.subscribe((event) => {
    const answer = onEvent(event);
    if (answer === null) return; // skipped without waiting on anything
    if (waiting === 0 && !isPromise(answer)) return deliver(answer);
    waiting++;
    queue = queue.then(async () => {
      let msg: Answer;
      try {
        msg = await answer;
      } catch {
        msg = "stop"; // an access check that failed ends the stream; the browser comes back and is checked afresh
      }
      waiting--;
      deliver(msg);
    });
  }, ticketId);
  let beats = 0;
  const heartbeat = setInterval(() => {
    beats++;
    if (beats % checkEvery !== 0) return void (over || sink.write(HEARTBEAT));
    void stillAllowed()
      .catch(() => false)
      .then((ok) => (!ok ? stop() : over || sink.write(HEARTBEAT)));
  }, HEARTBEAT_MS);
  // The server is stopping: tell the browser to come back in a second (EventSource reconnects by itself), end.
  const offStop = lifecycle.onStop(() => {
    if (!over) sink.write(`retry: ${RETRY_AFTER_STOP_MS}\n\n`);
    stop();
  });
  return { stop, stopped };
}

/** The Node response under @hono/node-server; undefined elsewhere (app.request(), other runtimes). */
function nodeResponse(c: Context<AppEnv>): ServerResponse | undefined {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  return outgoing && typeof outgoing.writeHead === "function" ? outgoing : undefined;
}

/** The stream's own headers, besides what the app's middleware adds to every answer. */
const STREAM_HEADERS = {
  "content-type": "text/event-stream",
  "cache-control": "no-store",
  connection: "keep-alive",
  "transfer-encoding": "chunked",
  "x-accel-buffering": "no",
} as const;

export async function busStream(
  c: Context<AppEnv>,
  onEvent: (event: RealtimeEvent) => Answer | Promise<Answer>,
  stillAllowed: () => Promise<boolean>,
  onEnd: () => void = () => {},
  checkEvery = 1,
  /** Only this valet ticket's events (EventBus.subscribe). */
  ticketId?: string,
): Promise<Response> {
  const options: Feed = { onEvent, stillAllowed, onEnd, checkEvery, ticketId };
  const res = nodeResponse(c);
  if (res) return directStream(c, res, options);
  for (const [name, value] of Object.entries(STREAM_HEADERS)) c.header(name, value);
  const response = streamSSE(c, async (stream) => {
    // Hono's writer keeps the writes in order: no write waits for the one before it.
    const { stop, stopped } = feed(c, { write: (text) => void stream.write(text), end: () => {} }, options);
    stream.onAbort(stop);
    c.req.raw.signal.addEventListener("abort", stop, { once: true });
    if (c.req.raw.signal.aborted) stop();
    await stream.write(PREAMBLE);
    await stopped;
  });
  // streamSSE sets its own cache-control (no-cache): the stream's is no-store, on both paths.
  response.headers.set("cache-control", STREAM_HEADERS["cache-control"]);
  return response;
}

/** The direct streams with text waiting, and whether their flush is scheduled. */
const unflushed: (() => void)[] = [];
let flushScheduled = false;
function flushAll() {
  flushScheduled = false;
  for (const flush of unflushed.splice(0)) flush();
}

/**
 * The stream written to the Node response: the head (the app's security headers, the request id already set on
 * the response by app.ts, the stream's headers), then the frames as strings, with no web stream, promise or copy
 * per write. What a stream is given while the event loop handles one turn's input (a NOTIFY with several events,
 * several moves answered) goes out in one write once that input is handled (setImmediate: the check phase right
 * after I/O), not one write (a system call per socket) per event. Hono is told the answer went out
 * (RESPONSE_ALREADY_SENT, @hono/node-server's documented way).
 */
async function directStream(c: Context<AppEnv>, res: ServerResponse, options: Feed): Promise<Response> {
  const security = await appSecurityHeaderList(c.get("deps"));
  if (res.destroyed || res.headersSent) {
    options.onEnd(); // the client left while we looked the list up: the stream never started, its slot is free
    return RESPONSE_ALREADY_SENT;
  }
  res.writeHead(200, { ...security, ...STREAM_HEADERS });
  res.write(PREAMBLE);
  let unsent = "";
  const gone = () => res.writableEnded || res.destroyed;
  const flush = () => {
    const text = unsent;
    unsent = "";
    if (!text || gone()) return;
    // A client that does not read: close its stream rather than hold ever more for it (it reconnects).
    if (res.writableLength > MAX_UNSENT_BYTES) return void res.destroy();
    res.write(text);
  };
  const sink: Sink = {
    write(text) {
      if (gone()) return;
      if (!unsent) {
        unflushed.push(flush);
        if (!flushScheduled) {
          flushScheduled = true;
          setImmediate(flushAll);
        }
      }
      unsent += text;
    },
    end() {
      flush();
      if (!gone()) res.end();
    },
  };
  const { stop } = feed(c, sink, options);
  res.once("close", stop);
  return RESPONSE_ALREADY_SENT;
}
