// Two-level cache for provider answers: an in-memory LRU (hot path, no query) in front of the geo_cache
// table (survives restarts, shared by every server instance). Identical lookups in flight share one
// upstream call. A database failure only costs a cache miss.
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { geoCache } from "../db/schema";
import type { Logger } from "../lib/logger";

export type CacheKind = "suggest" | "place" | "route" | "reverse";

/** A Map used as an LRU: reads move an entry to the end, the oldest entry goes first when full. */
export class Lru<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly max: number) {}
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  has(key: string) {
    return this.map.has(key);
  }
  set(key: string, value: V) {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value!);
  }
  get size() {
    return this.map.size;
  }
}

export class GeoCache {
  private readonly memory: Lru<{ value: unknown }>;
  private readonly inflight = new Map<string, Promise<unknown>>();

  constructor(
    private readonly db: Db,
    private readonly provider: string,
    private readonly logger: Logger,
    /** Stored answers older than this are fetched again (Google allows caching coordinates for 30 days). */
    private readonly maxAgeMs = 30 * 24 * 3600 * 1000,
    maxEntries = 5000,
  ) {
    this.memory = new Lru(maxEntries);
  }

  /**
   * The cached value, else `load()` once (concurrent callers share it), stored in memory and, unless
   * `persist` says no (e.g. null answers), in the database.
   */
  async memo<T>(kind: CacheKind, key: string, load: () => Promise<T>, persist: (v: T) => boolean = (v) => v !== null): Promise<T> {
    const k = `${kind}\u0000${key}`;
    const hit = this.memory.get(k);
    if (hit) return hit.value as T;
    const pending = this.inflight.get(k);
    if (pending) return pending as Promise<T>;
    const p = (async () => {
      const stored = await this.read(kind, key);
      if (stored !== undefined) {
        this.memory.set(k, { value: stored });
        return stored as T;
      }
      const value = await load();
      this.memory.set(k, { value });
      if (persist(value)) await this.write(kind, key, value);
      return value;
    })();
    this.inflight.set(k, p);
    try {
      return await p;
    } finally {
      this.inflight.delete(k);
    }
  }

  /** Store a value met on the way (a place inside a suggest or reverse answer). */
  async put(kind: CacheKind, key: string, value: unknown): Promise<void> {
    this.memory.set(`${kind}\u0000${key}`, { value });
    await this.write(kind, key, value);
  }

  private async read(kind: CacheKind, key: string): Promise<unknown> {
    try {
      const rows = await this.db
        .select({ value: geoCache.value, createdAt: geoCache.createdAt })
        .from(geoCache)
        .where(and(eq(geoCache.provider, this.provider), eq(geoCache.kind, kind), eq(geoCache.key, key)))
        .limit(1);
      const row = rows[0];
      if (!row || Date.now() - row.createdAt.getTime() > this.maxAgeMs) return undefined;
      return row.value;
    } catch (err) {
      this.logger.warn("geo cache read failed", { kind, err: String(err) });
      return undefined;
    }
  }

  private async write(kind: CacheKind, key: string, value: unknown): Promise<void> {
    try {
      await this.db
        .insert(geoCache)
        .values({ provider: this.provider, kind, key, value })
        // A stale row is replaced; a concurrent identical write changes nothing.
        .onConflictDoUpdate({ target: [geoCache.provider, geoCache.kind, geoCache.key], set: { value, createdAt: new Date() } });
    } catch (err) {
      this.logger.warn("geo cache write failed", { kind, err: String(err) });
    }
  }
}
