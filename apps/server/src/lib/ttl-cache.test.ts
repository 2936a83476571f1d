import { afterEach, describe, expect, it, vi } from "vitest";
import { TtlCache } from "./ttl-cache";

afterEach(() => {
  vi.useRealTimers();
});

/** A loader that counts its calls and answers what `next` says. */
function counter() {
  const c = { calls: 0, next: "a" as string | Error, load: async () => {
    c.calls++;
    if (c.next instanceof Error) throw c.next;
    return c.next;
  } };
  return c;
}

describe("TtlCache", () => {
  it("loads once for concurrent callers, keeps the value for its TTL, then loads again", async () => {
    vi.useFakeTimers();
    const cache = new TtlCache<string>({ ttlMs: 1_000 });
    const scope = {};
    const c = counter();
    expect(cache.get(scope, "k")).toBeUndefined();
    const [x, y] = await Promise.all([cache.load(scope, "k", c.load), cache.load(scope, "k", c.load)]);
    expect([x, y, c.calls]).toEqual(["a", "a", 1]);
    expect(cache.get(scope, "k")).toBe("a");
    vi.advanceTimersByTime(999);
    expect(cache.get(scope, "k")).toBe("a");
    expect(cache.get(scope, "k", 500)).toBeUndefined(); // a caller may ask for younger data
    vi.advanceTimersByTime(1);
    expect(cache.get(scope, "k")).toBeUndefined();
    c.next = "b";
    expect(await cache.load(scope, "k", c.load)).toBe("b");
    expect(c.calls).toBe(2);
  });

  it("keeps each scope's values apart", async () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000 });
    const [one, two] = [{}, {}];
    await cache.load(one, "k", async () => "one");
    expect(cache.get(two, "k")).toBeUndefined();
    expect(await cache.load(two, "k", async () => "two")).toBe("two");
    expect(cache.get(one, "k")).toBe("one");
  });

  it("never keeps a failure, and still has the value before it", async () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000 });
    const scope = {};
    const c = counter();
    await cache.load(scope, "k", c.load);
    c.next = new Error("down");
    await expect(cache.reload(scope, "k", c.load)).rejects.toThrow("down");
    expect(cache.get(scope, "k")).toBeUndefined();
    expect(cache.latest(scope, "k")).toBe("a");
    c.next = "b";
    expect(await cache.load(scope, "k", c.load)).toBe("b");
  });

  it("clear() drops every value and the loads in flight", async () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000 });
    const scope = {};
    let finish!: (v: string) => void;
    const inFlight = cache.load(scope, "k", () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish("old");
    expect(await inFlight).toBe("old");
    expect(cache.get(scope, "k")).toBeUndefined();
    expect(await cache.load(scope, "k", async () => "new")).toBe("new");
  });

  it("latest() answers while a key is loaded again", async () => {
    const cache = new TtlCache<string>({ ttlMs: 1_000 });
    const scope = {};
    await cache.load(scope, "k", async () => "a");
    let finish!: (v: string) => void;
    const reloading = cache.reload(scope, "k", () => new Promise<string>((resolve) => (finish = resolve)));
    expect(cache.latest(scope, "k")).toBe("a");
    finish("b");
    await reloading;
    expect(cache.latest(scope, "k")).toBe("b");
  });

  it("drops a scope's values when it reaches maxEntries", async () => {
    const cache = new TtlCache<number>({ ttlMs: 1_000, maxEntries: 2 });
    const scope = {};
    await cache.load(scope, "a", async () => 1);
    await cache.load(scope, "b", async () => 2);
    await cache.load(scope, "c", async () => 3);
    expect([cache.get(scope, "a"), cache.get(scope, "b"), cache.get(scope, "c")]).toEqual([undefined, undefined, 3]);
  });
});
