// Car photos: cleaned (valet/image.ts), stored in the photo store, recorded with the time each was taken.
// A ticket holds at most MAX_PHOTOS_PER_TICKET check-in photos, and each incident as many again.
import { and, count, eq, isNull } from "drizzle-orm";
import { isFinalValetStatus, MAX_PHOTOS_PER_TICKET, PHOTOS_CLOSED_MESSAGE, tooManyPhotos } from "@meridian/shared/valet-ticket";
import type { Db } from "../db/client";
import { ticketPhotos, tickets } from "../db/schema";
import type { Deps } from "../lib/context";
import { conflict, HttpError, notFound } from "../lib/errors";
import { cleanPhoto, type CleanPhoto } from "./image";

export type Upload = { bytes: Uint8Array; takenAt: Date };

const tooMany = () => new HttpError(413, "too_many_photos", tooManyPhotos());
/** Check-in photos only while the ticket is open: 409 once it is delivered or cancelled. */
const checkOpen = (ticket: { valetStatus: string | null }, incidentId: string | null) => {
  if (!incidentId && ticket.valetStatus && isFinalValetStatus(ticket.valetStatus)) throw conflict(PHOTOS_CLOSED_MESSAGE, "ticket_closed");
};

/** Cleans and stores `uploads`, then records them; the count is checked again under the ticket's row lock. */
export async function addPhotos(deps: Deps, uploaderId: string, ticketId: string, uploads: Upload[], incidentId: string | null = null): Promise<string[]> {
  const db = deps.database.db;
  const scope = and(eq(ticketPhotos.ticketId, ticketId), incidentId ? eq(ticketPhotos.incidentId, incidentId) : isNull(ticketPhotos.incidentId));
  const [exists] = await db.select({ id: tickets.id, valetStatus: tickets.valetStatus }).from(tickets).where(eq(tickets.id, ticketId));
  if (!exists) throw notFound("Ticket not found.");
  checkOpen(exists, incidentId);
  const [had] = await db.select({ n: count() }).from(ticketPhotos).where(scope);
  if ((had?.n ?? 0) + uploads.length > MAX_PHOTOS_PER_TICKET) throw tooMany();

  const cleaned: (CleanPhoto & { takenAt: Date; id: string })[] = [];
  for (const u of uploads) cleaned.push({ ...(await cleanPhoto(u.bytes)), takenAt: u.takenAt, id: crypto.randomUUID() });
  const key = (photoId: string) => `tickets/${ticketId}/${photoId}.jpg`;
  // Refused once stored (the ticket closed, or another upload took the last places, in the meantime; a store or
  // database failure): the files written for it are deleted, so nothing is kept that no ticket shows.
  const written: string[] = [];
  try {
    for (const p of cleaned) {
      written.push(key(p.id));
      await deps.photos.put(key(p.id), p.bytes, "image/jpeg");
    }
    return await recordPhotos(db, uploaderId, ticketId, incidentId, cleaned, key);
  } catch (err) {
    const deleted = await Promise.allSettled(written.map((k) => deps.photos.delete(k)));
    const left = written.filter((_, i) => deleted[i]!.status === "rejected");
    if (left.length) deps.logger.error("photos of a refused upload could not be deleted", { ticketId, keys: left });
    throw err;
  }
}

/** Records stored photos; the ticket's state and its count are checked again under its row lock. */
function recordPhotos(db: Db, uploaderId: string, ticketId: string, incidentId: string | null, cleaned: (CleanPhoto & { takenAt: Date; id: string })[], key: (id: string) => string) {
  const scope = and(eq(ticketPhotos.ticketId, ticketId), incidentId ? eq(ticketPhotos.incidentId, incidentId) : isNull(ticketPhotos.incidentId));
  return db.transaction(async (tx) => {
    const [locked] = await tx.select({ id: tickets.id, valetStatus: tickets.valetStatus }).from(tickets).where(eq(tickets.id, ticketId)).for("update");
    if (locked) checkOpen(locked, incidentId);
    const [n] = await tx.select({ n: count() }).from(ticketPhotos).where(scope);
    if ((n?.n ?? 0) + cleaned.length > MAX_PHOTOS_PER_TICKET) throw tooMany();
    if (!cleaned.length) return [];
    const rows = await tx
      .insert(ticketPhotos)
      .values(
        cleaned.map((p) => ({
          id: p.id,
          ticketId,
          incidentId,
          storageKey: key(p.id),
          width: p.width,
          height: p.height,
          bytes: p.bytes.byteLength,
          takenAt: p.takenAt,
          uploadedBy: uploaderId,
        })),
      )
      .returning({ id: ticketPhotos.id });
    return rows.map((r) => r.id);
  });
}

/** A photo's bytes; with `ticketId`, only when it belongs to that ticket (the guest's own). 404 otherwise. */
export async function readPhoto(deps: Deps, db: Db, photoId: string, ticketId?: string): Promise<Uint8Array> {
  const [row] = await db
    .select({ key: ticketPhotos.storageKey })
    .from(ticketPhotos)
    .where(and(eq(ticketPhotos.id, photoId), ticketId ? eq(ticketPhotos.ticketId, ticketId) : undefined));
  const bytes = row ? await deps.photos.get(row.key) : null;
  if (!bytes) throw notFound("Photo not found.");
  return bytes;
}
