// The server's one in-process cache: values loaded once and kept for a time (pricing snapshots, coupons, settings,
// the day's availability picture, routes). Values are kept per scope (the database, the maps service: a test's
// database never sees another's values) and key. A load in flight is shared by every caller, a failure is never
// kept, and clear() drops everything, loads in flight included (a write that raced a read is not kept).
type Entry<V> = { generation: number; loadedAt: number; promise: Promise<V>; loaded: boolean; value?: V; previous?: V };

export class TtlCache<V> {
  private readonly scopes = new WeakMap<object, Map<string, Entry<V>>>();
  private generation = 0;

  /** `ttlMs`: how long a value is kept; `maxEntries`: per scope, the whole scope is dropped beyond it. */
  constructor(private readonly opts: { ttlMs: number; maxEntries?: number }) {}

  private fresh(scope: object, key: string, maxAgeMs = this.opts.ttlMs): Entry<V> | undefined {
    const hit = this.scopes.get(scope)?.get(key);
    return hit && hit.generation === this.generation && Date.now() - hit.loadedAt < Math.min(maxAgeMs, this.opts.ttlMs) ? hit : undefined;
  }

  /** The value when it is loaded and younger than `maxAgeMs` (at most the cache's TTL), else undefined: no waiting. */
  get(scope: object, key: string, maxAgeMs?: number): V | undefined {
    const hit = this.fresh(scope, key, maxAgeMs);
    return hit?.loaded ? hit.value : undefined;
  }

  /** The value younger than `maxAgeMs`, else `load()` once (concurrent callers share it). */
  load(scope: object, key: string, load: () => Promise<V>, maxAgeMs?: number): Promise<V> {
    const hit = this.fresh(scope, key, maxAgeMs);
    if (hit) return hit.promise;
    const entries = this.entriesOf(scope);
    const old = entries.get(key);
    const previous = old?.loaded ? old.value : old?.previous;
    const entry: Entry<V> = { generation: this.generation, loadedAt: Date.now(), promise: load(), loaded: false, previous };
    entries.set(key, entry);
    entry.promise.then(
      (value) => {
        entry.value = value;
        entry.loaded = true;
      },
      () => {
        // Never keep a failure: the next read loads again (latest() still has the value before it).
        if (entries.get(key) !== entry) return;
        if (entry.previous === undefined) entries.delete(key);
        else entry.loadedAt = -Infinity;
      },
    );
    return entry.promise;
  }

  /** Keep a value known without loading it (a value met on the way, or just written). */
  set(scope: object, key: string, value: V): void {
    this.entriesOf(scope).set(key, { generation: this.generation, loadedAt: Date.now(), promise: Promise.resolve(value), loaded: true, value });
  }

  private entriesOf(scope: object): Map<string, Entry<V>> {
    let entries = this.scopes.get(scope);
    if (!entries) this.scopes.set(scope, (entries = new Map()));
    if (this.opts.maxEntries && entries.size >= this.opts.maxEntries) entries.clear();
    return entries;
  }

  /** The last value loaded for this key, however old, also while it is being loaded again (undefined before the first load). */
  latest(scope: object, key: string): V | undefined {
    const hit = this.scopes.get(scope)?.get(key);
    return hit?.loaded ? hit.value : hit?.previous;
  }

  /** Load one key again now; latest() has the value before it until the new one arrives. */
  reload(scope: object, key: string, load: () => Promise<V>): Promise<V> {
    return this.load(scope, key, load, 0);
  }

  /** Drop every value, and the loads in flight (they are not kept when they finish). */
  clear(): void {
    this.generation++;
  }
}
