// A stand-in for the browser's EventSource (happy-dom has none that reaches a server): tests open, feed, drop
// and close the streams the code under test made, in order (FakeEventSource.opened).
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.opened.push(this);
  }
  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.();
  }
  send(event: string, data: string, lastEventId = "") {
    this.dispatchEvent(new MessageEvent(event, { data, lastEventId }));
  }
  /** The browser lost the stream: it retries by itself (CONNECTING) or gives up (CLOSED). */
  fail(giveUp: boolean) {
    this.readyState = giveUp ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.();
  }
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}
