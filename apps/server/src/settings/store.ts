// The settings of the admin's Company, Payments, Maps, Email/SMS and Features tabs, stored as the Operations
// settings are (one row each in app_settings, keyed by section; validated by the shared schemas; every change
// audited, only the fields that changed). Hot paths (every e-mail, every quote and booking that checks a feature
// switch) read them from a per-process cache: a change made here updates this process's copy at once and is
// broadcast on the realtime bus (LISTEN/NOTIFY), so every other server process reloads its copy too. A copy is
// also reloaded when older than CACHE_MAX_AGE_MS, should a notification ever be missed.
import { eq } from "drizzle-orm";
import { DEFAULT_SETTINGS, settingsSchemas, type SectionValue, type SettingsSection } from "@meridian/shared/settings";
import { outsideTransaction, type Db, type Tx } from "../db/client";
import { appSettings } from "../db/schema";
import { type AuditActor, writeAudit } from "../lib/audit";
import type { EventBus } from "../realtime/bus";
import { TtlCache } from "../lib/ttl-cache";
import { invalidateOperationsSettings } from "./settings.service";

export const CACHE_MAX_AGE_MS = 30_000;

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === "object" && !Array.isArray(v);

/** A stored value over its defaults (messages: each message over its default); a value that no longer validates gives the defaults. */
function merge<S extends SettingsSection>(section: S, stored: unknown): SectionValue[S] {
  const defaults = DEFAULT_SETTINGS[section];
  let value: unknown = defaults;
  if (isRecord(stored)) {
    value =
      section === "messages"
        ? Object.fromEntries(Object.entries(defaults).map(([k, d]) => [k, { ...(d as object), ...(isRecord(stored[k]) ? stored[k] : {}) }]))
        : { ...defaults, ...stored };
  }
  const parsed = settingsSchemas[section].safeParse(value);
  return (parsed.success ? parsed.data : defaults) as SectionValue[S];
}

/** The section as stored now (no cache). */
export async function readSettings<S extends SettingsSection>(db: Db | Tx, section: S): Promise<SectionValue[S]> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, section));
  return merge(section, row?.value);
}

const copies = new TtlCache<unknown>({ ttlMs: CACHE_MAX_AGE_MS });

/**
 * The section from this process's copy (read from the database when there is none, or it is stale). Inside a
 * transaction pass it as `tx`: a copy to refresh is then read through it, never through `db` (on PGlite's one
 * connection a read through `db` would wait for that very transaction: the server stopped answering when a job
 * wrote a receipt 30 s after the last read of the company settings).
 */
export function getSettings<S extends SettingsSection>(db: Db, section: S, tx?: Tx): Promise<SectionValue[S]> {
  if (tx && copies.get(db, section) === undefined) return readSettings(tx, section);
  return copies.load(db, section, () => readSettings(db, section)) as Promise<SectionValue[S]>;
}

/**
 * The section as this process last read it, without waiting, for code that cannot wait (an e-mail written inside
 * one SQL statement): the defaults before the first read. A stale copy is refreshed in the background.
 */
export function settingsInMemory<S extends SettingsSection>(db: Db, section: S): SectionValue[S] {
  // Called inside transactions too (e.g. an e-mail written in one): the refresh runs after it, never awaited by it.
  if (copies.get(db, section) === undefined) outsideTransaction(() => void getSettings(db, section).catch(() => {}));
  return (copies.latest(db, section) as SectionValue[S] | undefined) ?? DEFAULT_SETTINGS[section];
}

/** Forget this process's copy of a section and read it again (a change here, or another process's). */
export function reloadSettings(db: Db, section: SettingsSection): Promise<unknown> {
  return copies.reload(db, section, () => readSettings(db, section)).catch(() => undefined);
}

/** Reads every section once, so the first e-mail after start already carries the company's name. */
export async function warmSettings(db: Db): Promise<void> {
  await Promise.all(Object.keys(settingsSchemas).map((s) => getSettings(db, s as SettingsSection).catch(() => undefined)));
}

/** Nested objects (each message of the messages section) as "kind.field" keys, so the audit names only what changed. */
function flatten(value: unknown, prefix = ""): Record<string, unknown> {
  if (!isRecord(value)) return { [prefix]: value };
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (isRecord(v) && prefix === "" && !("kind" in v)) Object.assign(out, flatten(v, key));
    else out[key] = v;
  }
  return out;
}

/** Saves a section (already validated), audits what changed, updates this process's copy and tells the others. */
export async function updateSettings<S extends SettingsSection>(
  deps: { database: { db: Db }; bus: EventBus },
  actor: AuditActor,
  section: S,
  input: SectionValue[S],
): Promise<SectionValue[S]> {
  const { db } = deps.database;
  const saved = await db.transaction(async (tx) => {
    await tx.select().from(appSettings).where(eq(appSettings.key, section)).for("update");
    const before = await readSettings(tx, section);
    await tx.insert(appSettings).values({ key: section, value: input }).onConflictDoUpdate({ target: appSettings.key, set: { value: input } });
    await writeAudit(tx, actor, { action: "settings.update", entity: "settings", entityId: section, before: flatten(before), after: flatten(input) });
    return input;
  });
  await reloadSettings(db, section);
  await deps.bus.publish({ type: "settings.changed", section });
  return saved;
}

/** Every server process: reload a section when another process changed it (Operations included). */
export function followSettingsChanges(bus: EventBus, db: Db): () => void {
  return bus.subscribe((event) => {
    if (event.type !== "settings.changed") return;
    if (event.section === "operations") invalidateOperationsSettings();
    else void reloadSettings(db, event.section);
  });
}
