// Operations settings (cancellation cut-off and fee, dispatch buffer, reminder lead time, time zone): one row
// in app_settings, validated by the shared schema, every change audited.
import { eq } from "drizzle-orm";
import { DEFAULT_OPERATIONS_SETTINGS, operationsSettingsSchema, type OperationsSettings } from "@meridian/shared/rides";
import type { Db, Tx } from "../db/client";
import { appSettings } from "../db/schema";
import { type AuditActor, writeAudit } from "../admin/audit";
import { diff } from "../admin/core/users.service";

const KEY = "operations";

/** The stored settings over the defaults (a stored value that no longer validates falls back to its default). */
export async function getOperationsSettings(db: Db | Tx): Promise<OperationsSettings> {
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, KEY));
  const merged = { ...DEFAULT_OPERATIONS_SETTINGS, ...((row?.value as Partial<OperationsSettings> | undefined) ?? {}) };
  const parsed = operationsSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : DEFAULT_OPERATIONS_SETTINGS;
}

export async function updateOperationsSettings(db: Db, actor: AuditActor, input: OperationsSettings): Promise<OperationsSettings> {
  return db.transaction(async (tx) => {
    await tx.select().from(appSettings).where(eq(appSettings.key, KEY)).for("update");
    const before = await getOperationsSettings(tx);
    await tx.insert(appSettings).values({ key: KEY, value: input }).onConflictDoUpdate({ target: appSettings.key, set: { value: input } });
    const changes = diff(before, input);
    if (Object.keys(changes.after).length) await writeAudit(tx, actor, { action: "settings.update", entity: "settings", entityId: KEY, ...changes });
    return input;
  });
}
