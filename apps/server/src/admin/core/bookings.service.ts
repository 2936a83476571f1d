// Admin bookings: filtered, paginated list; CSV export of the same filter; detail; status changes.
import { formatClock, formatClockRange } from "@meridian/shared/valet-pricing";
import { and, asc, desc, eq, exists, gte, ilike, inArray, lte, or, sql, type SQL } from "drizzle-orm";
import type { AdminBookingDetail, AdminBookingRow, AdminBookingsQuery, Paged } from "@meridian/shared/admin";
import { placeLineOf, type BookingDetails } from "@meridian/shared/booking-details";
import { nextBookingStatuses, REFUND_THROUGH_REFUNDS_MESSAGE, type BookingStatus } from "@meridian/shared/booking-status";
import type { Db } from "../../db/client";
import type { Deps } from "../../lib/context";
import { bookingEvents, bookings, tickets, user, vehicleTypes, vehicleUnits } from "../../db/schema";
import { badRequest, notFound } from "../../lib/errors";
import { announceBooking, assignmentNames, moveBooking, type BookingRow } from "../../bookings/booking-gate";
import { type AuditActor, writeAudit } from "../../lib/audit";
import { containsPattern, countAll, iso, pageOf } from "../../lib/sql-helpers";
import { formatMoney } from "@meridian/shared/money";

/** Rows the CSV export reads per query; the export itself has no cap. */
export const EXPORT_BATCH = 500;

function filterOf(q: Omit<AdminBookingsQuery, "page" | "pageSize">): SQL | undefined {
  const parts: (SQL | undefined)[] = [];
  if (q.q) {
    const p = containsPattern(q.q);
    parts.push(
      or(
        ilike(user.name, p),
        ilike(user.email, p),
        ilike(bookings.name, p),
        ilike(bookings.email, p),
        exists(
          // Raw column names: a correlated subquery must not alias the outer bookings table.
          sql`(select 1 from ${tickets} where ${tickets.bookingId} = ${bookings.id} and ${tickets.ticketCode} ilike ${p})`,
        ),
      ),
    );
  }
  if (q.status) parts.push(eq(bookings.status, q.status));
  if (q.service) parts.push(eq(bookings.service, q.service));
  if (q.from) parts.push(gte(bookings.bookingDate, q.from));
  if (q.to) parts.push(lte(bookings.bookingDate, q.to));
  return and(...parts);
}

const rowColumns = {
  id: bookings.id,
  service: bookings.service,
  bookingDate: bookings.bookingDate,
  status: bookings.status,
  price: bookings.price,
  createdAt: bookings.createdAt,
  bookingName: bookings.name,
  bookingEmail: bookings.email,
  bookingPhone: bookings.phone,
  userId: bookings.userId,
  profileName: user.name,
  profileEmail: user.email,
  profilePhone: user.phone,
  details: bookings.details,
};
type RawRow = {
  id: string;
  service: string;
  bookingDate: string;
  status: string;
  price: number | null;
  createdAt: Date;
  bookingName: string | null;
  bookingEmail: string | null;
  bookingPhone: string | null;
  userId: string | null;
  profileName: string | null;
  profileEmail: string | null;
  profilePhone: string | null;
  details: BookingDetails;
};

/** The event, the place(s) and the time of a booking (as people read it: "2:30 PM", "5:00 PM – 9:00 PM"), from its details. */
export function bookingSummary(d: BookingDetails): Pick<AdminBookingRow, "event" | "location" | "time"> {
  if (d.service === "valet") return { event: d.quote.eventLabel, location: placeLineOf(d), time: formatClockRange(d.startTime, d.endTime) };
  return { event: null, location: placeLineOf(d), time: formatClock(d.time) };
}

function toRow(r: RawRow, ticketCode: string | null): AdminBookingRow {
  return {
    id: r.id,
    service: r.service,
    bookingDate: r.bookingDate,
    status: r.status,
    price: r.price,
    createdAt: iso(r.createdAt),
    // The spec: the profile's full name, or else the name on the booking.
    customerName: r.profileName ?? r.bookingName,
    customerEmail: r.bookingEmail ?? r.profileEmail,
    customerPhone: r.bookingPhone ?? r.profilePhone,
    userId: r.userId,
    ticketCode,
    ...bookingSummary(r.details),
  };
}

/** The first ticket code of each booking. */
async function ticketCodes(db: Db, ids: string[]): Promise<Map<string, string>> {
  const map = new Map<string, string>();
  if (!ids.length) return map;
  const rows = await db
    .select({ bookingId: tickets.bookingId, code: tickets.ticketCode })
    .from(tickets)
    .where(inArray(tickets.bookingId, ids))
    .orderBy(asc(tickets.createdAt));
  for (const r of rows) if (r.bookingId && !map.has(r.bookingId)) map.set(r.bookingId, r.code);
  return map;
}

export async function listBookings(db: Db, q: AdminBookingsQuery): Promise<Paged<"bookings", AdminBookingRow>> {
  const { page, pageSize, offset } = pageOf(q);
  const where = filterOf(q);
  const [rows, [count]] = await Promise.all([
    db
      .select(rowColumns)
      .from(bookings)
      .leftJoin(user, eq(bookings.userId, user.id))
      .where(where)
      .orderBy(desc(bookings.createdAt), desc(bookings.id))
      .limit(pageSize)
      .offset(offset),
    db.select({ n: countAll }).from(bookings).leftJoin(user, eq(bookings.userId, user.id)).where(where),
  ]);
  const codes = await ticketCodes(
    db,
    rows.map((r) => r.id),
  );
  return { bookings: rows.map((r) => toRow(r, codes.get(r.id) ?? null)), total: count?.n ?? 0, page, pageSize };
}

/** The ids of every booking the filter matches, newest first (no cap): the CSV export's consistent set. */
export async function exportBookingIds(db: Db, q: AdminBookingsQuery): Promise<string[]> {
  const rows = await db
    .select({ id: bookings.id })
    .from(bookings)
    .leftJoin(user, eq(bookings.userId, user.id))
    .where(filterOf(q))
    .orderBy(desc(bookings.createdAt), desc(bookings.id));
  return rows.map((r) => r.id);
}

/** Those bookings' rows in the same order, EXPORT_BATCH at a time (a booking deleted meanwhile is left out). */
export async function* exportBookingRows(db: Db, allIds: string[]): AsyncGenerator<AdminBookingRow[]> {
  for (let i = 0; i < allIds.length; i += EXPORT_BATCH) {
    const ids = allIds.slice(i, i + EXPORT_BATCH);
    const [rows, codes] = await Promise.all([
      db.select(rowColumns).from(bookings).leftJoin(user, eq(bookings.userId, user.id)).where(inArray(bookings.id, ids)),
      ticketCodes(db, ids),
    ]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    yield ids.flatMap((id) => {
      const r = byId.get(id);
      return r ? [toRow(r, codes.get(id) ?? null)] : [];
    });
  }
}

export async function getBooking(db: Db, id: string): Promise<AdminBookingDetail> {
  const [r] = await db
    .select({
      ...rowColumns,
      vehicleTypeId: bookings.vehicleTypeId,
      vehicleName: vehicleTypes.name,
      paymentRef: bookings.paymentRef,
      details: bookings.details,
      pickupAt: bookings.pickupAt,
      chauffeurId: bookings.chauffeurId,
      assignedVehicleTypeId: bookings.assignedVehicleTypeId,
      unitId: bookings.unitId,
      cancelledAt: bookings.cancelledAt,
      cancelledBy: bookings.cancelledBy,
      cancelReason: bookings.cancelReason,
      cancellationFee: bookings.cancellationFee,
    })
    .from(bookings)
    .leftJoin(user, eq(bookings.userId, user.id))
    .leftJoin(vehicleTypes, eq(bookings.vehicleTypeId, vehicleTypes.id))
    .where(eq(bookings.id, id));
  if (!r) throw notFound("Booking not found.");
  const [ticketRows, events, names, [car]] = await Promise.all([
    db.select().from(tickets).where(eq(tickets.bookingId, id)).orderBy(asc(tickets.createdAt)),
    db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, id)).orderBy(asc(bookingEvents.createdAt), asc(bookingEvents.id)),
    assignmentNames(db, r),
    // The car sent (colour, model, plate), once dispatch has chosen one.
    r.unitId
      ? db.select({ colour: vehicleUnits.colour, model: vehicleTypes.name, plate: vehicleUnits.plate }).from(vehicleUnits).innerJoin(vehicleTypes, eq(vehicleUnits.vehicleTypeId, vehicleTypes.id)).where(eq(vehicleUnits.id, r.unitId))
      : [],
  ]);
  return {
    ...toRow(r, ticketRows[0]?.ticketCode ?? null),
    vehicleTypeId: r.vehicleTypeId,
    vehicleName: r.vehicleName,
    paymentRef: r.paymentRef,
    details: r.details,
    tickets: ticketRows.map((t) => ({
      id: t.id,
      ticketCode: t.ticketCode,
      status: t.status,
      plate: t.plate,
      keyTag: t.keyTag,
      createdAt: iso(t.createdAt),
    })),
    nextStatuses: nextBookingStatuses(r.status, { service: r.service, actor: "admin" }),
    pickupAt: r.pickupAt ? iso(r.pickupAt) : null,
    assignment: r.chauffeurId
      ? { chauffeurId: r.chauffeurId, chauffeurName: names.chauffeurName, vehicleId: r.assignedVehicleTypeId, vehicleName: names.vehicleName, car: car ?? null }
      : null,
    cancellation: r.cancelledAt ? { at: iso(r.cancelledAt), by: r.cancelledBy, reason: r.cancelReason, feeUsd: r.cancellationFee } : null,
    timeline: events.map((e) => ({ id: e.id, at: iso(e.createdAt), from: e.fromStatus, to: e.toStatus, actorName: e.actorName, actorRole: e.actorRole, note: e.note })),
  };
}

/**
 * The back office moves a booking one step (cancelling goes through cancelByAdmin, with a reason). The moved row;
 * a completed or no-show booking's card is settled by the caller (payments' settleBookingNow, the route).
 */
export async function changeBookingStatus(deps: Deps, actor: AuditActor & { name: string; role: string }, id: string, to: BookingStatus): Promise<BookingRow> {
  if (to === "cancelled") throw badRequest("Cancelling needs a reason: use Cancel Booking.", { status: "Cancelling needs a reason: use Cancel Booking." }, "reason_required");
  if (to === "refunded") throw badRequest(REFUND_THROUGH_REFUNDS_MESSAGE, { status: REFUND_THROUGH_REFUNDS_MESSAGE }, "refund_required");
  const db = deps.database.db;
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select().from(bookings).where(eq(bookings.id, id));
    if (!current) throw notFound("Booking not found.");
    const row = await moveBooking(tx, current, to, "admin", { id: actor.id, name: actor.name, role: actor.role });
    await writeAudit(tx, actor, { action: "booking.status", entity: "booking", entityId: id, before: { status: current.status }, after: { status: to } });
    return row;
  });
  announceBooking(deps, row);
  return row;
}

// ---- CSV
const CSV_COLUMNS: [string, (r: AdminBookingRow) => string | number | null][] = [
  ["Booking ID", (r) => r.id],
  ["Created At", (r) => r.createdAt],
  ["Booking Date", (r) => r.bookingDate],
  ["Customer", (r) => r.customerName],
  ["Email", (r) => r.customerEmail],
  ["Phone", (r) => r.customerPhone],
  ["Service", (r) => r.service],
  ["Event", (r) => r.event],
  ["Location", (r) => r.location],
  ["Time", (r) => r.time],
  ["Status", (r) => r.status],
  ["Price (USD)", (r) => (r.price == null ? null : formatMoney(r.price))],
  ["Ticket Code", (r) => r.ticketCode],
];

/**
 * RFC 4180 field: quoted when it holds a comma, quote or line break, quotes doubled. Text that a spreadsheet
 * would run as a formula (= + - @ tab CR at the start) gets a leading apostrophe.
 */
export function csvField(value: string | number | null): string {
  if (value == null) return "";
  let s = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The CSV header line. */
export const BOOKINGS_CSV_HEADER = `${CSV_COLUMNS.map(([h]) => csvField(h)).join(",")}\r\n`;

/** CSV lines for these rows, each ending in CRLF. */
export function bookingsCsvLines(rows: AdminBookingRow[]): string {
  return rows.map((r) => `${CSV_COLUMNS.map(([, get]) => csvField(get(r))).join(",")}\r\n`).join("");
}
