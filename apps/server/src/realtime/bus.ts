// Realtime events for Server-Sent Events subscribers: an in-process emitter, fanned out across server
// processes through the database's LISTEN/NOTIFY on one channel. Each process tags what it sends with its
// origin id and ignores its own echo, so every subscriber sees each event exactly once. The events published
// in one moment go out together in one NOTIFY (a NOTIFY per booking made every commit queue for PostgreSQL's
// one notification lock).
import type { Database } from "../db/client";
import { createBatcher } from "../lib/batch";
import type { Logger } from "../lib/logger";
import type { ClaimUpdate, ValetTicket } from "@meridian/shared/valet-ticket";
import { SETTINGS_SECTIONS, type SettingsSection } from "@meridian/shared/settings";
import type { DeskNotice } from "@meridian/shared/realtime";

export type BookingCreatedEvent = { type: "booking.created"; bookingId: string; service: string; userId: string | null; createdAt: string };
/** A valet ticket changed: the staff queue gets the ticket, the guest's claim page (matched by ticket id) the update. */
export type ValetTicketEvent = { type: "valet.ticket"; ticketId: string; ticket: ValetTicket; claim: ClaimUpdate };
/** A booking changed status or assignment: for its customer, its chauffeurs (new and previous) and the desk. */
export type BookingUpdatedEvent = {
  type: "booking.updated";
  bookingId: string;
  service: string;
  userId: string | null;
  chauffeurIds: string[];
  status: string;
  chauffeurFirstName: string | null;
  vehicleName: string | null;
  /** For the desk only (the stream leaves it out for customers and chauffeurs). */
  notice?: DeskNotice;
};
/** An admin changed a settings section: every server process reloads its copy (settings/store.ts). */
export type SettingsChangedEvent = { type: "settings.changed"; section: "operations" | SettingsSection };
/**
 * A user's sessions or access changed (a session signed out, revoked or expired and deleted; the user's role or
 * active status changed). Sent by the database itself (triggers of migration 0008) whoever made the change: the
 * streams of that user check their session again.
 */
export type SessionChangedEvent = { type: "session.changed"; userId: string };
export type RealtimeEvent = BookingCreatedEvent | BookingUpdatedEvent | ValetTicketEvent | SessionChangedEvent | SettingsChangedEvent;

export type EventBus = {
  publish(event: RealtimeEvent): Promise<void>;
  /**
   * `listener` hears every event; with `ticketId`, only that valet ticket's `valet.ticket` events (a guest's claim
   * page: with 10,000 of them open, an event is handed to its ticket's few streams, not offered to all 10,000).
   */
  subscribe(listener: (event: RealtimeEvent) => void, ticketId?: string): () => void;
  close(): Promise<void>;
};

export const EVENTS_CHANNEL = "meridian_events";

type Envelope = { origin: string; events: RealtimeEvent[] };

/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_PAYLOAD_BYTES = 7000;

/** One event of an envelope, shape-checked: our own processes wrote it, but a stray NOTIFY must not reach the streams. */
function parseEvent(value: unknown): RealtimeEvent | null {
  const type = (value as { type?: unknown } | undefined)?.type;
  if (type === "valet.ticket") {
    const v = value as Partial<ValetTicketEvent>;
    if (typeof v.ticketId !== "string" || typeof v.ticket?.id !== "string" || typeof v.claim?.status !== "string") return null;
    return { type, ticketId: v.ticketId, ticket: v.ticket, claim: v.claim };
  }
  if (type === "booking.updated") return parseUpdated(value as Partial<BookingUpdatedEvent>);
  if (type === "settings.changed") {
    const section = (value as { section?: unknown }).section;
    return section === "operations" || SETTINGS_SECTIONS.includes(section as SettingsSection) ? { type, section: section as SettingsChangedEvent["section"] } : null;
  }
  if (type === "session.changed") {
    const userId = (value as Partial<SessionChangedEvent>).userId;
    return typeof userId === "string" ? { type, userId } : null;
  }
  const e = value as Partial<BookingCreatedEvent> | undefined;
  if (!e || e.type !== "booking.created") return null;
  if (typeof e.bookingId !== "string" || typeof e.service !== "string" || typeof e.createdAt !== "string") return null;
  if (e.userId !== null && typeof e.userId !== "string") return null;
  return { type: e.type, bookingId: e.bookingId, service: e.service, userId: e.userId, createdAt: e.createdAt };
}

const str = (v: unknown): v is string => typeof v === "string";
const strOrNull = (v: unknown): v is string | null => v === null || typeof v === "string";

function parseUpdated(e: Partial<BookingUpdatedEvent>): BookingUpdatedEvent | null {
  if (!str(e.bookingId) || !str(e.service) || !str(e.status) || !strOrNull(e.userId)) return null;
  if (!Array.isArray(e.chauffeurIds) || !e.chauffeurIds.every(str)) return null;
  if (!strOrNull(e.chauffeurFirstName) || !strOrNull(e.vehicleName)) return null;
  const { bookingId, service, status, userId, chauffeurIds, chauffeurFirstName, vehicleName, notice } = e;
  const event: BookingUpdatedEvent = { type: "booking.updated", bookingId, service, status, userId, chauffeurIds, chauffeurFirstName, vehicleName };
  if (notice !== undefined) {
    if (!str(notice?.title) || !str(notice.description)) return null;
    event.notice = { title: notice.title, description: notice.description };
  }
  return event;
}

function parseEnvelope(payload: string): Envelope | null {
  try {
    const env = JSON.parse(payload) as { origin?: unknown; events?: unknown };
    if (typeof env.origin !== "string" || !Array.isArray(env.events)) return null;
    return { origin: env.origin, events: env.events.map(parseEvent).filter((e): e is RealtimeEvent => e !== null) };
  } catch {
    return null;
  }
}

/** The events as envelopes of at most MAX_PAYLOAD_BYTES each. */
function payloads(origin: string, events: RealtimeEvent[]): string[] {
  const out: string[] = [];
  let chunk: RealtimeEvent[] = [];
  let bytes = 0;
  for (const event of events) {
    const size = Buffer.byteLength(JSON.stringify(event)) + 1;
    if (chunk.length && bytes + size > MAX_PAYLOAD_BYTES) {
      out.push(JSON.stringify({ origin, events: chunk } satisfies Envelope));
      chunk = [];
      bytes = 0;
    }
    chunk.push(event);
    bytes += size;
  }
  if (chunk.length) out.push(JSON.stringify({ origin, events: chunk } satisfies Envelope));
  return out;
}

export async function createEventBus(database: Database, opts: { logger?: Logger } = {}): Promise<EventBus> {
  const origin = crypto.randomUUID();
  type Listener = (event: RealtimeEvent) => void;
  const everything = new Set<Listener>();
  const byTicket = new Map<string, Set<Listener>>();
  const call = (listener: Listener, event: RealtimeEvent) => {
    try {
      listener(event);
    } catch (err) {
      opts.logger?.error("realtime listener failed", { err: String(err) });
    }
  };
  // A Set's iteration sees deletions made during it (a stream that stops) and skips them.
  const deliver = (event: RealtimeEvent) => {
    for (const listener of everything) call(listener, event);
    if (event.type === "valet.ticket") for (const listener of byTicket.get(event.ticketId) ?? []) call(listener, event);
  };

  let unlisten: (() => Promise<void>) | null = null;
  try {
    unlisten = await database.listen(EVENTS_CHANNEL, (payload) => {
      const envelope = parseEnvelope(payload);
      if (envelope && envelope.origin !== origin) for (const event of envelope.events) deliver(event);
    });
  } catch (err) {
    opts.logger?.warn("realtime: LISTEN failed; events stay within this process", { err: String(err) });
  }

  const outgoing = createBatcher<RealtimeEvent>(async (events) => {
    for (const payload of payloads(origin, events)) await database.notify(EVENTS_CHANNEL, payload);
  });

  let closed = false;
  return {
    async publish(event) {
      deliver(event);
      if (closed) return;
      await outgoing.add(event);
    },
    subscribe(listener, ticketId) {
      if (ticketId === undefined) {
        everything.add(listener);
        return () => void everything.delete(listener);
      }
      let set = byTicket.get(ticketId);
      if (!set) byTicket.set(ticketId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (!set.size && byTicket.get(ticketId) === set) byTicket.delete(ticketId);
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      everything.clear();
      byTicket.clear();
      await outgoing.idle();
      try {
        await unlisten?.();
      } catch {
        /* the connection may already be gone */
      }
    },
  };
}
