// Valet claim tickets: check-in, every state change (one conditional UPDATE each, so two attendants racing
// for one move cannot both win), the timeline, the retrieval record, and the realtime event after each change.
import crypto from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
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
} from "@meridian/shared/valet-ticket";
import type { Db, Tx } from "../db/client";
import { bookings, ticketEvents, ticketPhotos, tickets, user, valetRetrievals } from "../db/schema";
import { newTicketCode } from "../bookings/ticket-code";
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
 * Moves a ticket to `to`. The move is checked against the shared table, then written with
 * `UPDATE ... WHERE valet_status = <the status it was checked from>`: when someone else moved the ticket in
 * between, no row matches and the caller gets a 409 saying what happened instead.
 */
export async function changeStatus(deps: Deps, actor: ValetActor, id: string, to: ValetStatus, opts: { stall?: string | null } = {}): Promise<ValetTicket> {
  const db = deps.database.db;
  const by = actor.kind === "guest" ? "guest" : "staff";
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ valetStatus: tickets.valetStatus, stand: tickets.stand })
      .from(tickets)
      .where(and(eq(tickets.id, id), isNotNull(tickets.valetStatus)));
    if (!current?.valetStatus) throw notFound("Ticket not found.");
    const from = current.valetStatus;
    if (!checkValetTransition(from, to, by).ok) throw await refusal(tx, id, to, by);
    const now = new Date();
    const patch: Partial<typeof tickets.$inferInsert> = { valetStatus: to, updatedAt: now };
    if (to === "delivered") patch.status = "released";
    if (to === "cancelled") patch.status = "void";
    if (to === "requested") patch.requestedAt = now;
    if (to === "parked") patch.requestedAt = null;
    if (to === "retrieving") patch.assignedTo = actor.kind === "staff" ? actor.id : null;
    if (to === "parked") patch.assignedTo = null;
    if (opts.stall !== undefined && (to === "parked" || to === "checked_in")) patch.stall = opts.stall;
    const [moved] = await tx
      .update(tickets)
      .set(patch)
      .where(and(eq(tickets.id, id), eq(tickets.valetStatus, from)))
      .returning({ id: tickets.id });
    if (!moved) throw await refusal(tx, id, to, by); // someone else moved it since we read it
    await tx.insert(ticketEvents).values({ ticketId: id, fromStatus: from, toStatus: to, at: now, ...actorFields(actor) });
    await recordRetrieval(tx, id, current.stand ?? "", to, now);
  });
  // Photos are not part of a move's answer or its event (GET /api/valet/tickets/:id has them): one query less per tap.
  const ticket = await getValetTicket(db, id, false);
  await publishChange(deps, ticket);
  return ticket;
}

/** The 409 for a move that is not allowed from the ticket's status as it is now (or that someone else got to first). */
async function refusal(tx: Tx, id: string, to: ValetStatus, by: "staff" | "guest"): Promise<HttpError> {
  const [now] = await valetBase(tx).where(eq(tickets.id, id));
  const status = now?.valetStatus ?? "";
  if (to === "retrieving" && status === "retrieving") {
    return conflict(`${now?.assignedTo ?? "Another attendant"} has already taken this request.`, "already_taken");
  }
  const check = checkValetTransition(status, to, by);
  return conflict(check.ok ? "This ticket changed while you were looking at it. Please try again." : check.message, "illegal_transition");
}

/** Each request opens a retrieval; ready and delivered stamp it; a withdrawn request or a re-park closes it. */
async function recordRetrieval(tx: Tx, ticketId: string, stand: string, to: ValetStatus, at: Date) {
  const open = and(eq(valetRetrievals.ticketId, ticketId), isNull(valetRetrievals.closedAt), isNull(valetRetrievals.deliveredAt));
  if (to === "requested") await tx.insert(valetRetrievals).values({ ticketId, stand, requestedAt: at });
  else if (to === "ready") await tx.update(valetRetrievals).set({ readyAt: at }).where(open);
  else if (to === "delivered") await tx.update(valetRetrievals).set({ deliveredAt: at }).where(open);
  else if (to === "parked" || to === "cancelled") await tx.update(valetRetrievals).set({ closedAt: at }).where(open);
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
