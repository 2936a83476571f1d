// Reads a Server-Sent Events response (from app.request or fetch) event by event.
export type SseEvent = { event: string; data: string; id?: string };

export function sseClient(res: Response) {
  if (!res.body) throw new Error("no body");
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  const events: SseEvent[] = [];
  const comments: string[] = [];
  /** The reconnection delays ("retry:" lines) the server sent, in ms. */
  const retries: number[] = [];
  let waiters: (() => void)[] = [];
  let buffer = "";
  let ended = false;

  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          const ev: SseEvent = { event: "message", data: "" };
          let hasData = false;
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) comments.push(line.slice(1).trim());
            else if (line.startsWith("event: ")) ev.event = line.slice(7);
            else if (line.startsWith("data: ")) {
              ev.data += (hasData ? "\n" : "") + line.slice(6);
              hasData = true;
            }
            else if (line.startsWith("id: ")) ev.id = line.slice(4);
            else if (line.startsWith("retry: ")) retries.push(Number(line.slice(7)));
          }
          if (hasData) events.push(ev);
        }
        const w = waiters;
        waiters = [];
        w.forEach((f) => f());
      }
    } catch {
      /* cancelled */
    } finally {
      ended = true;
      waiters.forEach((f) => f());
    }
  })();

  /** The next event not yet taken (in order), or an error after `timeoutMs`. */
  let taken = 0;
  async function next(timeoutMs = 1000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    while (taken >= events.length) {
      if (ended) throw new Error("stream ended");
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiters.push(() => (clearTimeout(timer), resolve()));
      });
    }
    return events[taken++]!;
  }

  return {
    events,
    comments,
    retries,
    next,
    /** Whether the server has ended the stream. */
    get ended() {
      return ended;
    },
    close: () => reader.cancel().catch(() => {}),
  };
}
