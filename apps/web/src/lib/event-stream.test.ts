// The live-updates client against a stand-in for the browser's EventSource (the one part a test cannot open):
// events parsed and handed over, the browser's own retries left alone, our reconnection after it gives up
// (backoff, Last-Event-ID as ?lastEventId=, a refetch), and closing for good.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeEventSource } from "@/test/fake-event-source";
import { MAX_RETRY_MS, openEventStream, retryDelay } from "./event-stream";

const latest = () => FakeEventSource.opened.at(-1)!;

beforeEach(() => {
  FakeEventSource.opened = [];
  vi.useFakeTimers();
});
afterEach(() => vi.useRealTimers());

function open(events: Record<string, (data: unknown) => void> = {}, onReconnect = vi.fn()) {
  const close = openEventStream({ url: "/api/realtime", events, onReconnect, EventSource: FakeEventSource as unknown as typeof EventSource, random: () => 0.5 });
  return { close, onReconnect };
}

describe("openEventStream", () => {
  it("hands each named event its data parsed as JSON, with cookies, and skips a malformed message", () => {
    const onBooking = vi.fn();
    open({ "booking.created": onBooking });
    expect(latest().url).toBe("/api/realtime");
    expect(latest().init).toEqual({ withCredentials: true });
    latest().open();
    latest().send("booking.created", '{"service":"ride"}');
    latest().send("booking.created", "{not json");
    latest().send("other.event", '{"x":1}');
    expect(onBooking).toHaveBeenCalledTimes(1);
    expect(onBooking).toHaveBeenCalledWith({ service: "ride" });
  });

  it("leaves a dropped stream to the browser while it retries by itself", () => {
    const { onReconnect } = open();
    latest().open();
    latest().fail(false);
    vi.advanceTimersByTime(MAX_RETRY_MS * 2);
    expect(FakeEventSource.opened).toHaveLength(1);
    latest().open(); // the browser's own reconnection
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it("reconnects after the browser gives up, from the last event seen, and reads again what was missed", () => {
    const { onReconnect } = open({ "valet.ticket": vi.fn() });
    latest().open();
    latest().send("valet.ticket", "{}", "41");
    latest().send("valet.ticket", "{}", "42");
    latest().fail(true);
    vi.advanceTimersByTime(999);
    expect(FakeEventSource.opened).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeEventSource.opened).toHaveLength(2);
    expect(latest().url).toBe("/api/realtime?lastEventId=42");
    expect(onReconnect).not.toHaveBeenCalled();
    latest().open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it("backs off doubling up to 30 s while the server stays away, and starts again from 1 s once connected", () => {
    open();
    latest().open();
    const waits: number[] = [];
    for (let i = 0; i < 7; i++) {
      const before = FakeEventSource.opened.length;
      latest().fail(true);
      let waited = 0;
      while (FakeEventSource.opened.length === before) {
        vi.advanceTimersByTime(500);
        waited += 500;
      }
      waits.push(waited);
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000]);
    latest().open();
    latest().fail(true);
    vi.advanceTimersByTime(1000);
    expect(FakeEventSource.opened).toHaveLength(9);
  });

  it("jitters each delay by up to a quarter either way", () => {
    expect(retryDelay(0, () => 0)).toBe(750);
    expect(retryDelay(0, () => 1)).toBe(1250);
    expect(retryDelay(10, () => 0.5)).toBe(MAX_RETRY_MS);
  });

  it("closes for good: no reconnection, no more events", () => {
    const onEvent = vi.fn();
    const { close } = open({ e: onEvent });
    const first = latest();
    first.open();
    first.fail(true);
    close();
    vi.advanceTimersByTime(MAX_RETRY_MS * 2);
    expect(FakeEventSource.opened).toHaveLength(1);
    first.send("e", "{}");
    expect(onEvent).not.toHaveBeenCalled();
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
  });
});
