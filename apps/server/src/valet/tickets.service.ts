// Valet claim tickets: check-in, every state change (one conditional UPDATE each, so two attendants racing
// for one move cannot both win), the timeline, the retrieval record, and the realtime event after each change.
import crypto from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import {
  CHECK_IN_BOOKING_STATUSES,
  checkValetTransition,
  nextValetStatuses,
  OPEN_VALET_STATUSES,
  QUEUE_VALET_STATUSES,
  standIsAtPlace,
  VALET_BOOKING_PICK_MESSAGE,
  type ClaimUpdate,
  type TimelineEntry,
  type TodaysValetBooking,
  type ValetCheckIn,
  type ValetPhoto,
  type ValetStatus,
  type ValetTicket,
  valetStatuses,
} from "@meridian/shared/valet-ticket";
import { executeRows, type Db, type Tx } from "../db/client";
import { bookings, ticketEvents, ticketPhotos, tickets, user } from "../db/schema";
import { newTicketCode } from "../bookings";
import type { Deps } from "../lib/context";
import { badRequest, conflict, HttpError, notFound } from "../lib/errors";
import { estimateMinutes } from "./retrieval.service";
import { wallClock } from "@meridian/shared/zoned-time";
import { getOperationsSettings } from "../settings/settings.service";
import { emailLayout } from "../mail/templates";

/** Who makes a change: a staff member, or the guest through the claim link. */
export type ValetActor = { kind: "staff"; id: string; name: string } | { kind: "guest" };

const assignee = alias(user, "assignee");
const columns = {
  id: tickets.id,
  ticketCode: tickets.ticketCode,
  valetStatus: tickets.valetStatus,
  plate: tickets.plate,
  make: tickets.make,
  model: tickets.model,
  colour: tickets.colour,
  keyTag: tickets.keyTag,
  stand: tickets.stand,
  stall: tickets.stall,
  guestPhone: tickets.guestPhone,
  guestEmail: tickets.guestEmail,
  bookingId: tickets.bookingId,
  assignedTo: assignee.name,
  requestedAt: tickets.requestedAt,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
};
type Text = string | null;
type Row = {
  id: string;
  ticketCode: string;
  valetStatus: Text;
  plate: Text;
  make: Text;
  model: Text;
  colour: Text;
  keyTag: Text;
  stand: Text;
  stall: Text;
  guestPhone: Text;
  guestEmail: Text;
  bookingId: Text;
  assignedTo: Text;
  requestedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export const valetBase = (db: Db | Tx) => db.select(columns).from(tickets).leftJoin(assignee, eq(tickets.assignedTo, assignee.id));

export function toValetTicket(r: Row, photos: ValetPhoto[] = []): ValetTicket {
  const status = (r.valetStatus ?? "checked_in") as ValetStatus;
  return {
    id: r.id,
    ticketCode: r.ticketCode,
    status,
    plate: r.plate ?? "",
    make: r.make ?? "",
    model: r.model ?? "",
    colour: r.colour ?? "",
    keyTag: r.keyTag ?? "",
    stand: r.stand ?? "",
    stall: r.stall,
    guestPhone: r.guestPhone,
    guestEmail: r.guestEmail,
    bookingId: r.bookingId,
    assignedTo: r.assignedTo,
    requestedAt: r.requestedAt ? r.requestedAt.toISOString() : null,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    photos,
    nextStatuses: [...nextValetStatuses(status)],
  };
}

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** Photos of a ticket's condition at check-in (not an incident's), oldest first, with the address to fetch each. */
export async function photosOf(db: Db | Tx, ticketId: string, url: (photoId: string) => string): Promise<ValetPhoto[]> {
  const rows = await db
    .select()
    .from(ticketPhotos)
    .where(and(eq(ticketPhotos.ticketId, ticketId), isNull(ticketPhotos.incidentId)))
    .orderBy(asc(ticketPhotos.takenAt), asc(ticketPhotos.id));
  return rows.map((p) => ({ id: p.id, takenAt: p.takenAt.toISOString(), width: p.width, height: p.height, url: url(p.id) }));
}
export const staffPhotoUrl = (photoId: string) => `/api/valet/photos/${photoId}`;

export async function getValetTicket(db: Db | Tx, id: string, withPhotos = true): Promise<ValetTicket> {
  const [row] = await valetBase(db).where(and(eq(tickets.id, id), isNotNull(tickets.valetStatus)));
  if (!row) throw notFound("Ticket not found.");
  return toValetTicket(row, withPhotos ? await photosOf(db, id, staffPhotoUrl) : []);
}

export async function timelineOf(db: Db | Tx, ticketId: string): Promise<TimelineEntry[]> {
  const rows = await db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, ticketId)).orderBy(asc(ticketEvents.at), asc(ticketEvents.id));
  return rows.map((e) => ({ from: e.fromStatus, to: e.toStatus, at: e.at.toISOString(), by: e.actorLabel }));
}

const actorFields = (actor: ValetActor) => (actor.kind === "staff" ? { actorId: actor.id, actorLabel: actor.name } : { actorId: null, actorLabel: "Guest" });

/** Check-in: the ticket, its first timeline entry and the guest's claim token (only its hash is kept). */
export async function checkIn(deps: Deps, actor: ValetActor & { kind: "staff" }, input: ValetCheckIn): Promise<{ ticket: ValetTicket; claimUrl: string }> {
  const db = deps.database.db;
  // A car for an event: only one of today's valet bookings at this stand, still to be served (what the picker offers).
  if (input.bookingId && !(await todaysValetBookings(db, input.stand)).some((b) => b.id === input.bookingId)) {
    throw badRequest(VALET_BOOKING_PICK_MESSAGE, { bookingId: VALET_BOOKING_PICK_MESSAGE });
  }
  const token = crypto.randomBytes(32).toString("base64url");
  const id = await db.transaction(async (tx) => {
    for (let attempt = 0; ; attempt++) {
      const [row] = await tx
        .insert(tickets)
        .values({
          ticketCode: newTicketCode(),
          status: "active",
          bookingId: input.bookingId,
          plate: input.plate,
          keyTag: input.keyTag,
          valetStatus: "checked_in",
          guestPhone: input.guestPhone,
          guestEmail: input.guestEmail,
          make: input.make,
          model: input.model,
          colour: input.colour,
          stand: input.stand,
          stall: input.stall,
          claimTokenHash: hashToken(token),
          checkedInBy: actor.id,
        })
        .onConflictDoNothing({ target: tickets.ticketCode })
        .returning({ id: tickets.id });
      if (row) {
        await tx.insert(ticketEvents).values({ ticketId: row.id, fromStatus: null, toStatus: "checked_in", ...actorFields(actor) });
        return row.id;
      }
      if (attempt >= 5) throw new Error("could not find a free ticket code");
    }
  });
  const ticket = await getValetTicket(db, id, false);
  const claimUrl = `${deps.config.publicUrl}/t/${token}`;
  await notifyGuest(deps, ticket, claimUrl);
  await publishChange(deps, ticket);
  return { ticket, claimUrl };
}

async function notifyGuest(deps: Deps, t: ValetTicket, claimUrl: string) {
  const car = `${t.colour} ${t.make} ${t.model} (${t.plate})`;
  const vars = { ticketCode: t.ticketCode, car };
  const intro = `Meridian Valet: your ${car} is checked in, ticket ${t.ticketCode}.`;
  const request = `When you are ready to leave, request your car here: ${claimUrl}`;
  // The ticket stands even when a message cannot go out: the attendant still has the code and the link.
  if (t.guestPhone) {
    await deps.sms
      .send(t.guestPhone, `${intro} ${request}`, { message: { kind: "valet_claim_sms", vars, intro } })
      .catch((err) => deps.logger.warn("claim link sms failed", { ticketId: t.id, err: String(err) }));
  }
  if (t.guestEmail) {
    const lines = [`Your ${car} is checked in, ticket ${t.ticketCode}.`, "When you are ready to leave, request your car here; we bring it round."];
    await deps.mailer
      .send({
        to: t.guestEmail,
        subject: `Your Meridian valet ticket ${t.ticketCode}`,
        text: `${lines.join("\n\n")}\n\nRequest your car: ${claimUrl}\n`,
        html: emailLayout("Your valet ticket", lines, { label: "Request my car", url: claimUrl }),
        kind: "valet_ticket",
        vars,
      })
      .catch((err) => deps.logger.warn("claim link e-mail failed", { ticketId: t.id, err: String(err) }));
  }
}

export async function claimUpdateOf(db: Db, t: ValetTicket): Promise<ClaimUpdate> {
  return { status: t.status, requestedAt: t.requestedAt, updatedAt: t.updatedAt, estimateMinutes: await estimateMinutes(db, t.stand) };
}

async function publishChange(deps: Deps, ticket: ValetTicket) {
  const claim = await claimUpdateOf(deps.database.db, ticket);
  await deps.bus.publish({ type: "valet.ticket", ticketId: ticket.id, ticket, claim });
}

/**
 * Moves a ticket to `to` in one statement (one round trip): the conditional UPDATE (`... WHERE valet_status =
 * <the status it was read in>`, and only from a status the shared table allows for this actor), the timeline
 * entry and the retrieval record are data-modifying parts of one WITH, which answers the ticket as it now is
 * (for the answer and the event, so nobody reads it again) or, when nothing moved, the status it was in. A move
 * not allowed from that status is refused with a 409 saying why; when someone else moved the ticket while the
 * statement waited for its row, the ticket is read again for the 409 (as for two attendants taking one request).
 */
export async function changeStatus(deps: Deps, actor: ValetActor, id: string, to: ValetStatus, opts: { stall?: string | null } = {}): Promise<ValetTicket> {
  const db = deps.database.db;
  const by = actor.kind === "guest" ? "guest" : "staff";
  const froms = valetStatuses.filter((from) => checkValetTransition(from, to, by).ok);
  if (!froms.length) throw await refusal(db, id, to, by);
  const now = new Date();
  const at = sql`${now.toISOString()}::timestamptz`;
  const set = [sql`valet_status = ${to}`, sql`updated_at = ${at}`];
  if (to === "delivered") set.push(sql`status = 'released'`);
  if (to === "cancelled") set.push(sql`status = 'void'`);
  if (to === "requested") set.push(sql`requested_at = ${at}`);
  if (to === "parked") set.push(sql`requested_at = null`, sql`assigned_to = null`);
  if (to === "retrieving") set.push(sql`assigned_to = ${actor.kind === "staff" ? actor.id : null}::text`);
  if (opts.stall !== undefined && (to === "parked" || to === "checked_in")) set.push(sql`stall = ${opts.stall}::text`);
  const { actorId, actorLabel } = actorFields(actor);
  const parts = [
    sql`cur as (select id, valet_status from tickets where id = ${id}::uuid and valet_status is not null)`,
    sql`moved as (
      update tickets t set ${sql.join(set, sql`, `)} from cur
      where t.id = cur.id and t.valet_status = cur.valet_status and cur.valet_status in (${sql.join(froms.map((f) => sql`${f}`), sql`, `)})
      returning t.id, cur.valet_status as from_status, t.ticket_code, t.plate, t.make, t.model, t.colour, t.key_tag, t.stand, t.stall,
        t.guest_phone, t.guest_email, t.booking_id, t.assigned_to, ${isoText("t.requested_at")} as requested_at, ${isoText("t.created_at")} as created_at)`,
    sql`timeline as (
      insert into ticket_events (ticket_id, from_status, to_status, at, actor_id, actor_label)
      select id, from_status, ${to}, ${at}, ${actorId}::text, ${actorLabel} from moved)`,
  ];
  const retrieval = retrievalPart(to, at);
  if (retrieval) parts.push(sql`retrieval as (${retrieval})`);
  const [row] = await executeRows(
    db,
    sql`with ${sql.join(parts, sql`, `)}
      select cur.valet_status as current_status, m.*, a.name as assignee_name from cur left join moved m on true left join "user" a on a.id = m.assigned_to`,
  );
  if (!row) throw notFound("Ticket not found.");
  // Not moved: either not allowed from its status (refused as such) or someone else moved it since it was read.
  if (row.id === null || row.id === undefined) throw await refusal(db, id, to, by);
  const text = (v: unknown) => (v === null || v === undefined ? null : String(v));
  const ticket = toValetTicket({
    id: String(row.id),
    ticketCode: String(row.ticket_code),
    valetStatus: to,
    plate: text(row.plate),
    make: text(row.make),
    model: text(row.model),
    colour: text(row.colour),
    keyTag: text(row.key_tag),
    stand: text(row.stand),
    stall: text(row.stall),
    guestPhone: text(row.guest_phone),
    guestEmail: text(row.guest_email),
    bookingId: text(row.booking_id),
    assignedTo: text(row.assignee_name),
    requestedAt: row.requested_at ? new Date(String(row.requested_at)) : null,
    createdAt: new Date(String(row.created_at)),
    updatedAt: now,
  });
  // Photos are not part of a move's answer or its event (GET /api/valet/tickets/:id has them): one query less per tap.
  await publishChange(deps, ticket);
  return ticket;
}

/** A timestamp column as the ISO text toISOString() writes (UTC, milliseconds), whichever driver reads it. */
const isoText = (column: string) => sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

/** The 409 for a move that is not allowed from the ticket's status as it is now (or that someone else got to first). */
async function refusal(db: Db, id: string, to: ValetStatus, by: "staff" | "guest"): Promise<HttpError> {
  const [now] = await valetBase(db).where(and(eq(tickets.id, id), isNotNull(tickets.valetStatus)));
  if (!now) return notFound("Ticket not found.");
  const status = now.valetStatus ?? "";
  if (to === "retrieving" && status === "retrieving") {
    return conflict(`${now.assignedTo ?? "Another attendant"} has already taken this request.`, "already_taken");
  }
  const check = checkValetTransition(status, to, by);
  return conflict(check.ok ? "This ticket changed while you were looking at it. Please try again." : check.message, "illegal_transition");
}

/**
 * The retrieval record's part of a move (a statement over `moved`): each request opens a retrieval; ready and
 * delivered stamp it; a withdrawn request or a re-park closes it.
 */
function retrievalPart(to: ValetStatus, at: SQL): SQL | null {
  const open = sql`ticket_id in (select id from moved) and closed_at is null and delivered_at is null`;
  if (to === "requested") return sql`insert into valet_retrievals (ticket_id, stand, requested_at) select id, coalesce(stand, ''), ${at} from moved`;
  if (to === "ready") return sql`update valet_retrievals set ready_at = ${at} where ${open}`;
  if (to === "delivered") return sql`update valet_retrievals set delivered_at = ${at} where ${open}`;
  if (to === "parked" || to === "cancelled") return sql`update valet_retrievals set closed_at = ${at} where ${open}`;
  return null;
}

/** The attendants' screen: cars guests are waiting for (oldest request first), and the cars on the lot. */
export async function getQueue(db: Db): Promise<{ queue: ValetTicket[]; lot: ValetTicket[] }> {
  const [queue, lot] = await Promise.all([
    valetBase(db)
      .where(inArray(tickets.valetStatus, [...QUEUE_VALET_STATUSES]))
      .orderBy(asc(tickets.requestedAt), asc(tickets.createdAt))
      .limit(500),
    valetBase(db)
      .where(inArray(tickets.valetStatus, ["checked_in", "parked"]))
      .orderBy(desc(tickets.createdAt))
      .limit(500),
  ]);
  return { queue: queue.map((r) => toValetTicket(r)), lot: lot.map((r) => toValetTicket(r)) };
}

/** Every car still with us, for the admin's lot board. */
export async function openTickets(db: Db): Promise<ValetTicket[]> {
  const rows = await valetBase(db)
    .where(inArray(tickets.valetStatus, [...OPEN_VALET_STATUSES]))
    .orderBy(sql`${tickets.requestedAt} asc nulls last`, desc(tickets.createdAt))
    .limit(1000);
  return rows.map((r) => toValetTicket(r));
}

/**
 * Today's valet bookings (today on the operations clock) at `stand`, not cancelled or served yet, earliest first,
 * with the cars already checked in for each: the check-in picker's list, and the only bookings check-in links to.
 */
export async function todaysValetBookings(db: Db, stand: string): Promise<TodaysValetBooking[]> {
  const { timeZone } = await getOperationsSettings(db);
  const today = wallClock(new Date(), timeZone).date;
  const rows = await db
    .select({ id: bookings.id, details: bookings.details, cars: sql<number>`(select count(*)::int from ${tickets} where ${tickets.bookingId} = ${bookings}.id and ${tickets.valetStatus} is not null)` })
    .from(bookings)
    .where(and(eq(bookings.service, "valet"), eq(bookings.bookingDate, today), inArray(bookings.status, [...CHECK_IN_BOOKING_STATUSES])));
  const out: TodaysValetBooking[] = [];
  for (const r of rows) {
    const d = r.details;
    if (d.service !== "valet" || !standIsAtPlace(stand, d.address)) continue;
    out.push({
      id: r.id,
      customerName: d.customerName,
      eventType: d.eventType === "Other" && d.eventTypeOther ? d.eventTypeOther : d.eventType,
      placeName: d.address.name,
      startTime: d.startTime,
      endTime: d.endTime,
      carsCheckedIn: Number(r.cars),
      expectedVehicles: d.expectedVehicles,
    });
  }
  return out.sort((a, b) => a.startTime.localeCompare(b.startTime) || a.customerName.localeCompare(b.customerName));
}

/** Stands used in the last 30 days, most used first: the check-in form's suggestions. */
export async function recentStands(db: Db): Promise<string[]> {
  const rows = await db
    .select({ stand: tickets.stand, n: sql<number>`count(*)` })
    .from(tickets)
    .where(and(isNotNull(tickets.stand), sql`${tickets.createdAt} > now() - interval '30 days'`))
    .groupBy(tickets.stand)
    .orderBy(sql`count(*) desc`)
    .limit(20);
  return rows.map((r) => r.stand!).filter(Boolean);
}
