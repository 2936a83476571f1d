// Every admin mutation writes one audit row: who, what, which entity, before and after.
import type { Db, Tx } from "../db/client";
import { auditLogs } from "../db/schema";

export type AuditActor = { id: string; email: string };

export async function writeAudit(
  db: Db | Tx,
  actor: AuditActor,
  entry: { action: string; entity: string; entityId?: string | null; before?: unknown; after?: unknown },
) {
  await db.insert(auditLogs).values({
    actorId: actor.id,
    actorEmail: actor.email,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
