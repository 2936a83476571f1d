// Ticket Center: search by phone, plate, ticket code or key tag; edit plate and key tag; active -> released | void.
import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { AdminTicketRow, AdminTicketsQuery, adminUpdateTicketSchema, Paged } from "@meridian/shared/admin";
import type { BookingDetails } from "@meridian/shared/booking-details";
import { checkTicketTransition } from "@meridian/shared/booking-status";
import type { Db } from "../../db/client";
import { bookings, tickets, user } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import { type AuditActor, diff, writeAudit } from "../../lib/audit";
import { containsPattern, countAll, iso, pageOf } from "../../lib/sql-helpers";
import { bookingSummary } from "../../bookings";

const columns = {
  id: tickets.id,
  ticketCode: tickets.ticketCode,
  status: tickets.status,
  createdAt: tickets.createdAt,
  plate: tickets.plate,
  keyTag: tickets.keyTag,
  bookingId: tickets.bookingId,
  bookingName: bookings.name,
  bookingPhone: bookings.phone,
  profileName: user.name,
  profilePhone: user.phone,
  service: bookings.service,
  bookingDate: bookings.bookingDate,
  details: bookings.details,
  valetStatus: tickets.valetStatus,
  guestPhone: tickets.guestPhone,
  make: tickets.make,
  model: tickets.model,
  colour: tickets.colour,
};

type Raw = {
  id: string;
  ticketCode: string;
  status: string;
  createdAt: Date;
  plate: string | null;
  keyTag: string | null;
  bookingId: string | null;
  bookingName: string | null;
  bookingPhone: string | null;
  profileName: string | null;
  profilePhone: string | null;
  service: string | null;
  bookingDate: string | null;
  details: BookingDetails | null;
  valetStatus: string | null;
  guestPhone: string | null;
  make: string | null;
  model: string | null;
  colour: string | null;
};

function toRow(r: Raw): AdminTicketRow {
  return {
    id: r.id,
    ticketCode: r.ticketCode,
    status: r.status,
    createdAt: iso(r.createdAt),
    plate: r.plate,
    keyTag: r.keyTag,
    bookingId: r.bookingId,
    // Name and phone from the linked booking (its account's profile when the booking has none).
    customerName: r.bookingId ? (r.bookingName ?? r.profileName) : null,
    customerPhone: (r.bookingId ? (r.bookingPhone ?? r.profilePhone) : null) ?? r.guestPhone,
    service: r.service,
    bookingDate: r.bookingDate,
    ...(r.details ? bookingSummary(r.details) : { event: null, location: null, time: null }),
    valetStatus: r.valetStatus,
    car: r.make ? [r.colour, r.make, r.model].filter(Boolean).join(" ") : null,
  };
}

const base = (db: Db) =>
  db.select(columns).from(tickets).leftJoin(bookings, eq(tickets.bookingId, bookings.id)).leftJoin(user, eq(bookings.userId, user.id));

function filterOf(q: AdminTicketsQuery): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (q.q) {
    const p = containsPattern(q.q);
    // Phone numbers are matched on digits too, so "(310) 555-0199" finds "3105550199".
    const digits = q.q.replace(/\D/g, "");
    const phone = (col: PhoneColumn) => (digits.length >= 3 ? or(ilike(col, p), ilike(sqlDigits(col), containsPattern(digits))) : ilike(col, p));
    // Plates are stored without spaces or dashes ("7ABC123"), so "7abc 123" finds them too.
    const plate = q.q.toUpperCase().replace(/[\s-]+/g, "");
    parts.push(
      or(
        ilike(tickets.ticketCode, p),
        ilike(tickets.plate, p),
        plate ? ilike(tickets.plate, containsPattern(plate)) : undefined,
        ilike(tickets.keyTag, p),
        phone(bookings.phone),
        phone(user.phone),
        phone(tickets.guestPhone),
      ),
    );
  }
  if (q.status) parts.push(eq(tickets.status, q.status));
  if (q.valetStatus) parts.push(eq(tickets.valetStatus, q.valetStatus));
  return and(...parts);
}

type PhoneColumn = typeof bookings.phone | typeof user.phone | typeof tickets.guestPhone;
const sqlDigits = (col: PhoneColumn) => sql<string>`regexp_replace(${col}, '[^0-9]', '', 'g')`;

export async function listTickets(db: Db, q: AdminTicketsQuery): Promise<Paged<"tickets", AdminTicketRow>> {
  const { page, pageSize, offset } = pageOf(q);
  const where = filterOf(q);
  const [rows, [count]] = await Promise.all([
    base(db).where(where).orderBy(desc(tickets.createdAt), desc(tickets.id)).limit(pageSize).offset(offset),
    db
      .select({ n: countAll })
      .from(tickets)
      .leftJoin(bookings, eq(tickets.bookingId, bookings.id))
      .leftJoin(user, eq(bookings.userId, user.id))
      .where(where),
  ]);
  return { tickets: rows.map(toRow), total: count?.n ?? 0, page, pageSize };
}

export async function getTicket(db: Db, id: string): Promise<AdminTicketRow> {
  const [r] = await base(db).where(eq(tickets.id, id));
  if (!r) throw notFound("Ticket not found.");
  return toRow(r);
}

export async function updateTicket(db: Db, actor: AuditActor, id: string, input: z.output<typeof adminUpdateTicketSchema>): Promise<AdminTicketRow> {
  await db.transaction(async (tx) => {
    const [current] = await tx.select().from(tickets).where(eq(tickets.id, id)).for("update");
    if (!current) throw notFound("Ticket not found.");
    const patch: Partial<typeof tickets.$inferInsert> = {};
    if (input.plate !== undefined) patch.plate = input.plate;
    if (input.keyTag !== undefined) patch.keyTag = input.keyTag;
    if (input.status !== undefined && input.status !== current.status) {
      if (current.valetStatus) throw conflict("A valet ticket changes status through the valet flow (Ticket Center's valet actions).", "illegal_transition");
      const check = checkTicketTransition(current.status, input.status);
      if (!check.ok) throw conflict(check.message, "illegal_transition");
      patch.status = input.status;
    }
    if (!Object.keys(patch).length) return;
    const [row] = await tx.update(tickets).set(patch).where(eq(tickets.id, id)).returning();
    const pick = (t: typeof current) => ({ status: t.status, plate: t.plate, keyTag: t.keyTag });
    const changes = diff(pick(current), pick(row!));
    if (Object.keys(changes.after).length) {
      await writeAudit(tx, actor, { action: "ticket.update", entity: "ticket", entityId: id, ...changes });
    }
  });
  return getTicket(db, id);
}
