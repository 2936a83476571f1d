// Every admin mutation writes one audit row: who, what, which entity, and what changed (only the fields whose
// value differs; a create keeps what was made, a delete what was removed). An update that changed nothing
// writes nothing.
import { auditDiff } from "@meridian/shared/audit";
import type { Db, Tx } from "../db/client";
import { auditLogs } from "../db/schema";

export type AuditActor = { id: string; email: string };

export async function writeAudit(
  db: Db | Tx,
  actor: AuditActor,
  entry: { action: string; entity: string; entityId?: string | null; before?: unknown; after?: unknown },
) {
  const { before, after, changed } = auditDiff(entry.before ?? null, entry.after ?? null);
  if (!changed) return;
  await db.insert(auditLogs).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before,
    after,
  });
}

/** Only the fields of `after` whose value changed, before and after (what an update's audit row keeps). */
export function diff<T extends Record<string, unknown>>(before: T, after: T) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}
