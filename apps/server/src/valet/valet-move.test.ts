// A valet move is one statement (changeStatus: the conditional UPDATE, its timeline entry and the retrieval record
// in one WITH). This holds it to the answers of the move as it was written before, in a transaction of separate
// statements (kept below as the reference): for every status a ticket can be in, every status it can be asked to
// move to, by an attendant and by the guest, the answer (the ticket, or the 409 with its code and message), the
// ticket's row, its timeline, its retrieval records and the realtime event must be the same.
import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkValetTransition, valetStatuses, type ValetStatus, type ValetTicket } from "@meridian/shared/valet-ticket";
import type { Tx } from "../db/client";
import { ticketEvents, tickets, valetRetrievals } from "../db/schema";
import type { RealtimeEvent } from "../realtime/bus";
import { conflict, HttpError, notFound } from "../lib/errors";
import { createTestApp, type TestApp } from "../test/harness";
import { changeStatus, claimUpdateOf, getValetTicket, valetBase, type ValetActor } from "./tickets.service";

let t: TestApp;
let staff: ValetActor & { kind: "staff" };
beforeAll(async () => {
  t = await createTestApp();
  const { user } = await t.userWithSession({ role: "valet", fullName: "Sam Attendant" });
  staff = { kind: "staff", id: user.id, name: user.name };
});
afterAll(async () => t?.close());

// ---- The move as it was before the one-statement version (the reference) ----

async function referenceRefusal(tx: Tx, id: string, to: ValetStatus, by: "staff" | "guest"): Promise<HttpError> {
  const [now] = await valetBase(tx).where(eq(tickets.id, id));
  const status = now?.valetStatus ?? "";
  if (to === "retrieving" && status === "retrieving") return conflict(`${now?.assignedTo ?? "Another attendant"} has already taken this request.`, "already_taken");
  const check = checkValetTransition(status, to, by);
  return conflict(check.ok ? "This ticket changed while you were looking at it. Please try again." : check.message, "illegal_transition");
}

async function referenceMove(actor: ValetActor, id: string, to: ValetStatus, opts: { stall?: string | null } = {}): Promise<ValetTicket> {
  const by = actor.kind === "guest" ? "guest" : "staff";
  await t.db.transaction(async (tx) => {
    const [current] = await tx.select({ valetStatus: tickets.valetStatus, stand: tickets.stand }).from(tickets).where(and(eq(tickets.id, id), isNotNull(tickets.valetStatus)));
    if (!current?.valetStatus) throw notFound("Ticket not found.");
    const from = current.valetStatus;
    if (!checkValetTransition(from, to, by).ok) throw await referenceRefusal(tx, id, to, by);
    const now = new Date();
    const patch: Partial<typeof tickets.$inferInsert> = { valetStatus: to, updatedAt: now };
    if (to === "delivered") patch.status = "released";
    if (to === "cancelled") patch.status = "void";
    if (to === "requested") patch.requestedAt = now;
    if (to === "parked") patch.requestedAt = null;
    if (to === "retrieving") patch.assignedTo = actor.kind === "staff" ? actor.id : null;
    if (to === "parked") patch.assignedTo = null;
    if (opts.stall !== undefined && (to === "parked" || to === "checked_in")) patch.stall = opts.stall;
    const [moved] = await tx.update(tickets).set(patch).where(and(eq(tickets.id, id), eq(tickets.valetStatus, from))).returning({ id: tickets.id });
    if (!moved) throw await referenceRefusal(tx, id, to, by);
    const actorFields = actor.kind === "staff" ? { actorId: actor.id, actorLabel: actor.name } : { actorId: null, actorLabel: "Guest" };
    await tx.insert(ticketEvents).values({ ticketId: id, fromStatus: from, toStatus: to, at: now, ...actorFields });
    const open = and(eq(valetRetrievals.ticketId, id), isNull(valetRetrievals.closedAt), isNull(valetRetrievals.deliveredAt));
    if (to === "requested") await tx.insert(valetRetrievals).values({ ticketId: id, stand: current.stand ?? "", requestedAt: now });
    else if (to === "ready") await tx.update(valetRetrievals).set({ readyAt: now }).where(open);
    else if (to === "delivered") await tx.update(valetRetrievals).set({ deliveredAt: now }).where(open);
    else if (to === "parked" || to === "cancelled") await tx.update(valetRetrievals).set({ closedAt: now }).where(open);
  });
  const ticket = await getValetTicket(t.db, id, false);
  await t.deps.bus.publish({ type: "valet.ticket", ticketId: id, ticket, claim: await claimUpdateOf(t.db, ticket) });
  return ticket;
}

// ---- A ticket in a given status, with the history that status implies ----

const CREATED = new Date("2026-11-20T17:00:00.123Z");
const REQUESTED = new Date("2026-11-20T21:30:00.456Z");
const READY = new Date("2026-11-20T21:36:00.789Z");
let seq = 0;

/** A ticket in `status`, the retrieval record a request made, and (retrieving on) the attendant who took it. */
async function ticketIn(status: ValetStatus): Promise<string> {
  seq++;
  const requested = ["requested", "retrieving", "ready"].includes(status);
  const [row] = await t.db
    .insert(tickets)
    .values({
      ticketCode: `MV${String(seq).padStart(6, "0")}`,
      status: status === "delivered" ? "released" : status === "cancelled" ? "void" : "active",
      valetStatus: status,
      plate: "7ABC123",
      make: "Porsche",
      model: "911",
      colour: "Black",
      keyTag: "K-7",
      stand: "Main Entrance",
      stall: "A-1",
      guestPhone: "+13105550100",
      requestedAt: requested ? REQUESTED : null,
      assignedTo: status === "retrieving" || status === "ready" ? staff.id : null,
      createdAt: CREATED,
      updatedAt: CREATED,
    })
    .returning({ id: tickets.id });
  const id = row!.id;
  await t.db.insert(ticketEvents).values({ ticketId: id, fromStatus: null, toStatus: "checked_in", at: CREATED, actorId: staff.id, actorLabel: staff.name });
  if (requested || status === "delivered") {
    await t.db.insert(valetRetrievals).values({
      ticketId: id,
      stand: "Main Entrance",
      requestedAt: REQUESTED,
      readyAt: status === "ready" || status === "delivered" ? READY : null,
      deliveredAt: status === "delivered" ? READY : null,
    });
  }
  return id;
}

type Outcome = { answer: unknown; row: unknown; timeline: unknown; retrievals: unknown; events: unknown };

/** What a move did, with this ticket's id and code and the move's own time written as placeholders. */
async function outcome(id: string, run: () => Promise<ValetTicket>): Promise<Outcome> {
  const events: RealtimeEvent[] = [];
  const off = t.deps.bus.subscribe((e) => events.push(e), id);
  let answer: unknown;
  try {
    answer = await run();
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    answer = { status: err.status, code: err.code, message: err.message };
  } finally {
    off();
  }
  const [row] = await t.db.select().from(tickets).where(eq(tickets.id, id));
  const timeline = await t.db.select().from(ticketEvents).where(eq(ticketEvents.ticketId, id)).orderBy(asc(ticketEvents.at));
  const retrievals = await t.db.select().from(valetRetrievals).where(eq(valetRetrievals.ticketId, id)).orderBy(asc(valetRetrievals.requestedAt));
  const moveTime = row?.updatedAt.toISOString();
  const code = row?.ticketCode;
  const normal = (value: unknown): unknown =>
    JSON.parse(
      JSON.stringify({ value }, (key, v) => (key === "id" || key === "ticketId" ? "<id>" : v === moveTime && moveTime !== CREATED.toISOString() ? "<now>" : v === code ? "<code>" : v)),
    ).value;
  return {
    answer: normal(answer),
    row: normal({ ...row, claimTokenHash: undefined }),
    timeline: normal(timeline),
    retrievals: normal(retrievals),
    events: normal(events.map((e) => (e.type === "valet.ticket" ? { ...e, ticket: e.ticket, claim: { ...e.claim, estimateMinutes: typeof e.claim.estimateMinutes } } : e))),
  };
}

describe("a valet move in one statement", () => {
  it("answers, writes and announces exactly what the separate statements did, for every move by an attendant and by the guest", async () => {
    const guest: ValetActor = { kind: "guest" };
    let moved = 0;
    let refused = 0;
    for (const from of valetStatuses) {
      for (const to of valetStatuses) {
        for (const actor of [staff, guest]) {
          const opts = { stall: "B-12" };
          const before = await ticketIn(from);
          const after = await ticketIn(from);
          const expected = await outcome(before, () => referenceMove(actor, before, to, opts));
          const actual = await outcome(after, () => changeStatus(t.deps, actor, after, to, opts));
          expect(actual, `${actor.kind}: ${from} -> ${to}`).toEqual(expected);
          if ((expected.answer as { status?: number }).status === 409) refused++;
          else moved++;
        }
      }
    }
    // Every allowed move of the shared table (11 by staff, 3 by the guest); the other 84 are refused.
    expect({ moved, refused }).toEqual({ moved: 14, refused: 84 });
  }, 120_000); // 98 moves, each made twice and compared

  it("answers 404 for a ticket that does not exist or is not a valet ticket, as before", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const [actor, to] of [[staff, "parked"], [staff, "delivered"], [{ kind: "guest" }, "delivered"]] as const) {
      const expected = await outcome(missing, () => referenceMove(actor, missing, to));
      expect(await outcome(missing, () => changeStatus(t.deps, actor, missing, to))).toEqual(expected);
      expect(expected.answer).toEqual({ status: 404, code: "not_found", message: "Ticket not found." });
    }
  });
});
