// A screen's live updates while it is mounted (the one client, lib/event-stream.ts): handlers by event name,
// and onReconnect to refetch after the stream was down. The latest handlers are always used; the stream is
// opened again only when the URL or the set of event names changes. A null URL opens nothing.
import { useEffect, useRef } from "react";
import { openEventStream } from "@/lib/event-stream";

export function useEventStream(url: string | null, events: Record<string, (data: unknown) => void>, onReconnect?: () => void) {
  const latest = useRef({ events, onReconnect });
  useEffect(() => {
    latest.current = { events, onReconnect };
  });
  const names = Object.keys(events).sort().join(",");
  useEffect(() => {
    if (!url) return;
    return openEventStream({
      url,
      events: Object.fromEntries(names.split(",").map((name) => [name, (data: unknown) => latest.current.events[name]?.(data)])),
      onReconnect: () => latest.current.onReconnect?.(),
    });
  }, [url, names]);
}
