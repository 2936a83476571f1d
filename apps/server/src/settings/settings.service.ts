// Operations settings (cancellation cut-off and fee, dispatch buffer, reminder lead time, time zone): one row
// in app_settings, validated by the shared schema, every change audited.
import { eq, sql } from "drizzle-orm";
import { DEFAULT_OPERATIONS_SETTINGS, operationsSettingsSchema, type OperationsSettings } from "@meridian/shared/rides";
import type { Db, Tx } from "../db/client";
import { appSettings } from "../db/schema";
import { type AuditActor, diff, writeAudit } from "../lib/audit";
import { TtlCache } from "../lib/ttl-cache";

const KEY = "operations";

/** The stored settings over the defaults (a stored value that no longer validates falls back to its default). */
export async function getOperationsSettings(db: Db | Tx): Promise<OperationsSettings> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY));
  return operationsSettingsOf(row?.value);
}

/** The settings row's value as a column of a larger select (read with other rows in one statement); `operationsSettingsOf` reads it. */
export const operationsSettingsColumn = sql`(select value from app_settings where key = ${KEY}) as operations_settings`;

/**
 * The stored value over the defaults (a stored value that no longer validates falls back to the defaults). The last
 * value read is kept with its answer: every booking reads the row under the day's lock, and it rarely changes.
 */
export function operationsSettingsOf(value: unknown): OperationsSettings {
  const json = JSON.stringify(value ?? null);
  if (lastRead?.json === json) return lastRead.settings;
  const merged = { ...DEFAULT_OPERATIONS_SETTINGS, ...((value as Partial<OperationsSettings> | null | undefined) ?? {}) };
  const parsed = operationsSettingsSchema.safeParse(merged);
  // Frozen: every reader shares it.
  const settings = parsed.success ? deepFreeze(parsed.data) : DEFAULT_OPERATIONS_SETTINGS;
  lastRead = { json, settings };
  return settings;
}
let lastRead: { json: string; settings: OperationsSettings } | null = null;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") for (const inner of Object.values(value)) deepFreeze(inner);
  return Object.freeze(value);
}

/** How old the settings a booking uses may be (the same bound as its re-pricing, quotes/pricing-data.ts). */
export const BOOKING_SETTINGS_MAX_AGE_MS = 500;

const cache = new TtlCache<OperationsSettings>({ ttlMs: 60_000 });
/** Another process changed the settings (realtime bus): the next read goes to the database. */
export function invalidateOperationsSettings() {
  cache.clear();
}

/**
 * The settings read at most `maxAgeMs` ago in this process (a settings change made here is seen at once; other
 * processes see it within `maxAgeMs`). For hot paths such as creating a booking, which otherwise read the row
 * twice (the pickup instant's time zone, the reminder's lead time): a few reads a second instead of two per booking.
 */
export function cachedOperationsSettings(db: Db, maxAgeMs = BOOKING_SETTINGS_MAX_AGE_MS): Promise<OperationsSettings> {
  return cache.load(db, KEY, () => getOperationsSettings(db), maxAgeMs);
}

export async function updateOperationsSettings(db: Db, actor: AuditActor, input: OperationsSettings): Promise<OperationsSettings> {
  cache.clear();
  return db.transaction(async (tx) => {
    await tx.select().from(appSettings).where(eq(appSettings.key, KEY)).for("update");
    const before = await getOperationsSettings(tx);
    await tx.insert(appSettings).values({ key: KEY, value: input }).onConflictDoUpdate({ target: appSettings.key, set: { value: input } });
    const changes = diff(before, input);
    if (Object.keys(changes.after).length) await writeAudit(tx, actor, { action: "settings.update", entity: "settings", entityId: KEY, ...changes });
    return input;
  }).finally(() => cache.clear()); // and again once committed: a read that raced the write is not kept
}
