// The one live-updates client: a Server-Sent Events stream with its named events parsed as JSON, kept open
// while wanted. The browser's EventSource retries a dropped stream by itself (the server says retry: 3000) and
// sends Last-Event-ID then; once it gives up (CLOSED: the server answered an error, or stopped), we reconnect
// with a growing, jittered delay (1 s doubling to 30 s), asking from the last event seen (?lastEventId=, an
// EventSource cannot set the header), and the page reads again what it may have missed (onReconnect).
// Plain TypeScript with no imports: the guest's claim page (its own small entry, decision 019) uses it too.

export const MIN_RETRY_MS = 1_000;
export const MAX_RETRY_MS = 30_000;

export type EventStreamOptions = {
  /** The stream's URL (same origin; cookies are sent). */
  url: string;
  /** Handlers by event name, given the message's data parsed as JSON (a malformed message is skipped). */
  events: Record<string, (data: unknown) => void>;
  /** After every reconnection (not the first opening): read again what may have been missed while down. */
  onReconnect?: () => void;
  /** For tests: the EventSource class and the jitter's random source. */
  EventSource?: typeof EventSource;
  random?: () => number;
};

/** The delay before reconnection attempt `attempt` (0, 1, ...): doubling from 1 s to at most 30 s, ±25 %. */
export const retryDelay = (attempt: number, random: () => number = Math.random) =>
  Math.min(MAX_RETRY_MS, MIN_RETRY_MS * 2 ** attempt) * (0.75 + random() * 0.5);

/** Opens the stream; the returned function closes it for good. */
export function openEventStream({ url, events, onReconnect, EventSource: Source = globalThis.EventSource, random = Math.random }: EventStreamOptions): () => void {
  if (typeof Source === "undefined") return () => {};
  let source: EventSource | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let opened = false;
  let stopped = false;
  let lastEventId = "";

  const listeners = Object.entries(events).map(([name, handle]) => {
    const listener = (e: Event) => {
      const message = e as MessageEvent<unknown>;
      if (message.lastEventId) lastEventId = message.lastEventId;
      let data: unknown;
      try {
        data = typeof message.data === "string" ? JSON.parse(message.data) : message.data;
      } catch {
        return; // a malformed message is skipped
      }
      handle(data);
    };
    return [name, listener] as const;
  });

  const connect = () => {
    if (stopped) return;
    const from = lastEventId ? `${url.includes("?") ? "&" : "?"}lastEventId=${encodeURIComponent(lastEventId)}` : "";
    const s = new Source(url + from, { withCredentials: true });
    source = s;
    for (const [name, listener] of listeners) s.addEventListener(name, listener);
    s.onopen = () => {
      attempt = 0;
      if (opened) onReconnect?.();
      opened = true;
    };
    s.onerror = () => {
      // CONNECTING: the browser is retrying by itself. CLOSED: it gave up; back off and open a new stream.
      if (s.readyState !== Source.CLOSED || stopped) return;
      s.close();
      timer = setTimeout(connect, retryDelay(attempt, random));
      attempt += 1;
    };
  };
  connect();

  return () => {
    stopped = true;
    clearTimeout(timer);
    if (source) {
      for (const [name, listener] of listeners) source.removeEventListener(name, listener);
      source.close();
    }
  };
}
