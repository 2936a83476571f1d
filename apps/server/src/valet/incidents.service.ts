// Damage found on a car (usually at delivery): type, notes and photos against the ticket; the admin lists them.
import { desc, eq, inArray } from "drizzle-orm";
import type { IncidentRow, ValetPhoto } from "@meridian/shared/valet-ticket";
import type { Paged } from "@meridian/shared/admin";
import type { Db } from "../db/client";
import { incidents, ticketPhotos, tickets } from "../db/schema";
import { countAll, pageOf } from "../lib/sql-helpers";
import { notFound } from "../lib/errors";
import { staffPhotoUrl } from "./tickets.service";

export async function createIncident(db: Db, actor: { id: string; name: string }, ticketId: string, input: { type: string; notes: string }): Promise<string> {
  const [ticket] = await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.id, ticketId));
  if (!ticket) throw notFound("Ticket not found.");
  const [row] = await db
    .insert(incidents)
    .values({ ticketId, type: input.type, notes: input.notes, reportedBy: actor.id, reportedByLabel: actor.name })
    .returning({ id: incidents.id });
  return row!.id;
}

const base = (db: Db) =>
  db
    .select({
      id: incidents.id,
      ticketId: incidents.ticketId,
      ticketCode: tickets.ticketCode,
      plate: tickets.plate,
      type: incidents.type,
      notes: incidents.notes,
      reportedBy: incidents.reportedByLabel,
      createdAt: incidents.createdAt,
    })
    .from(incidents)
    .innerJoin(tickets, eq(incidents.ticketId, tickets.id));

async function withPhotos(db: Db, rows: Awaited<ReturnType<ReturnType<typeof base>["execute"]>>): Promise<IncidentRow[]> {
  const ids = rows.map((r) => r.id);
  const photos = ids.length ? await db.select().from(ticketPhotos).where(inArray(ticketPhotos.incidentId, ids)) : [];
  const byIncident = new Map<string, ValetPhoto[]>();
  for (const p of photos) {
    const list = byIncident.get(p.incidentId!) ?? [];
    list.push({ id: p.id, takenAt: p.takenAt.toISOString(), width: p.width, height: p.height, url: staffPhotoUrl(p.id) });
    byIncident.set(p.incidentId!, list);
  }
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString(), photos: byIncident.get(r.id) ?? [] }));
}

export async function listIncidents(db: Db, q: { page?: number; pageSize?: number }): Promise<Paged<"incidents", IncidentRow>> {
  const { page, pageSize, offset } = pageOf(q);
  const [rows, [total]] = await Promise.all([
    base(db).orderBy(desc(incidents.createdAt), desc(incidents.id)).limit(pageSize).offset(offset),
    db.select({ n: countAll }).from(incidents),
  ]);
  return { incidents: await withPhotos(db, rows), total: total?.n ?? 0, page, pageSize };
}

export async function incidentsOfTicket(db: Db, ticketId: string): Promise<IncidentRow[]> {
  return withPhotos(db, await base(db).where(eq(incidents.ticketId, ticketId)).orderBy(desc(incidents.createdAt)));
}

export async function getIncident(db: Db, id: string): Promise<IncidentRow> {
  const [row] = await withPhotos(db, await base(db).where(eq(incidents.id, id)));
  if (!row) throw notFound("Incident not found.");
  return row;
}

/** Takes back an incident whose photos were refused (its photo rows go with it). */
export async function deleteIncident(db: Db, id: string) {
  await db.delete(incidents).where(eq(incidents.id, id));
}
