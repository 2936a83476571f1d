// Subscribes to a Server-Sent Events stream while mounted; the browser's EventSource reconnects by itself
// (the server says retry: 3000). `onOpen` runs on every (re)connection, so a screen can refetch what it
// may have missed while the stream was down.
import { useEffect, useRef } from "react";

export function useEventStream<T>(url: string | null, event: string, onData: (data: T) => void, onOpen?: () => void) {
  const handlers = useRef({ onData, onOpen });
  handlers.current = { onData, onOpen };
  useEffect(() => {
    if (!url) return;
    const source = new EventSource(url, { withCredentials: true });
    let opened = false;
    const listener = (e: MessageEvent<string>) => {
      try {
        handlers.current.onData(JSON.parse(e.data) as T);
      } catch {
        /* a malformed message is skipped */
      }
    };
    source.addEventListener(event, listener as EventListener);
    source.onopen = () => {
      if (opened) handlers.current.onOpen?.();
      opened = true;
    };
    return () => {
      source.removeEventListener(event, listener as EventListener);
      source.close();
    };
  }, [url, event]);
}
