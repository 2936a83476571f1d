// /api/valet: the attendants' API (valet attendants and admins): check-in, photos, status moves, the live
// queue, incidents. Thin: validate, check the role, call a service.
import { Hono, type Context } from "hono";
import { incidentInputSchema, todaysValetBookingsQuerySchema, valetCheckInSchema, valetStatusChangeSchema, VALET_TICKET_EVENT } from "@meridian/shared/valet-ticket";
import { currentUser } from "../lib/session";
import type { AppEnv } from "../lib/context";
import { badRequest } from "../lib/errors";
import { LAST_EVENT_ID, route, type Parameter } from "../lib/openapi";
import {
  incidentResponseSchema,
  todaysValetBookingsResponseSchema,
  valetCheckInResponseSchema,
  valetQueueSchema,
  valetStandsResponseSchema,
  valetTicketResponseSchema,
  valetTicketTimelineResponseSchema,
} from "@meridian/shared/valet/answers";
import { parseWith } from "../lib/validate";
import { createIncident, deleteIncident, getIncident } from "./incidents.service";
import { addPhotos, readPhoto } from "./photos.service";
import { busStream, SESSION_BACKSTOP_HEARTBEATS } from "../realtime/bus-stream";
import { changeStatus, checkIn, getQueue, getValetTicket, recentStands, timelineOf, todaysValetBookings } from "./tickets.service";
import { readMultipart } from "./uploads";
import { idParam } from "../lib/validate";

/** The attendant (or admin) route({ access: "valet" }) let in, as ticket events name them. */
function attendant(c: Context<AppEnv>) {
  const me = c.get("actor");
  return { actor: { kind: "staff" as const, id: me.id, name: me.name || me.email }, deps: c.get("deps"), db: c.get("deps").database.db };
}

const tags = ["Valet: attendants"];
const ticketId: Parameter[] = [{ in: "path", name: "id", required: true, description: "The valet ticket's id", schema: { type: "string", format: "uuid" } }];
const notFoundAnswer = { description: "Ticket not found." };
const ticketAnswer = valetTicketResponseSchema;
const multipart = (what: string) =>
  `A multipart/form-data body: ${what}; each photo a JPEG, PNG, WebP or HEIC image, resized and stored as JPEG.`;

export const valetRoutes = new Hono<AppEnv>()
  .post(
    "/tickets",
    route({
      summary: "Check a car in (a claim ticket, texted to the guest)",
      tags,
      access: "valet",
      body: valetCheckInSchema,
      responses: { 201: valetCheckInResponseSchema, 404: { description: "No such event booking" }, 409: { description: "The event is not open for check-in" } },
    }),
    async (c) => {
      const { actor, deps } = attendant(c);
      return c.json(await checkIn(deps, actor, c.req.valid("json")), 201);
    },
  )
  .get("/tickets/:id", route({ summary: "A valet ticket with its timeline", tags, access: "valet", parameters: ticketId, responses: { 200: valetTicketTimelineResponseSchema, 404: notFoundAnswer } }), async (c) => {
    const { db } = attendant(c);
    const id = idParam(c, "Ticket");
    return c.json({ ticket: await getValetTicket(db, id), timeline: await timelineOf(db, id) });
  })
  .patch(
    "/tickets/:id",
    route({
      summary: "Move a valet ticket (parked with its stall, retrieving, ready, delivered)",
      tags,
      access: "valet",
      parameters: ticketId,
      body: valetStatusChangeSchema,
      responses: { 200: ticketAnswer, 404: notFoundAnswer, 409: { description: "That move is not allowed from the ticket's status" } },
    }),
    async (c) => {
      const { actor, deps } = attendant(c);
      const id = idParam(c, "Ticket");
      const { status, stall } = c.req.valid("json");
      return c.json({ ticket: await changeStatus(deps, actor, id, status, { stall: stall ?? undefined }) });
    },
  )
  .post(
    "/tickets/:id/photos",
    route({
      summary: "Add photos of the car",
      description: multipart("one or more `photo` files"),
      tags,
      access: "valet",
      parameters: ticketId,
      responses: { 201: ticketAnswer, 400: { description: "Add at least one photo, or a file is not an image" }, 404: notFoundAnswer, 409: { description: "The ticket is delivered or cancelled" }, 413: { description: "A photo or the body is too large" } },
    }),
    async (c) => {
      const { actor, deps, db } = attendant(c);
      const id = idParam(c, "Ticket");
      await getValetTicket(db, id, false);
      const { uploads } = await readMultipart(c);
      if (!uploads.length) throw badRequest("Add at least one photo.", { photo: "Add at least one photo." });
      await addPhotos(deps, actor.id, id, uploads);
      return c.json({ ticket: await getValetTicket(db, id) }, 201);
    },
  )
  .post(
    "/tickets/:id/incidents",
    route({
      summary: "Report an incident (damage, a complaint) with optional photos",
      description: multipart("the incident's fields (as incidentInputSchema: kind, note) and optional `photo` files"),
      tags,
      access: "valet",
      parameters: ticketId,
      responses: { 201: incidentResponseSchema, 400: { description: "The fields are not valid, or a file is not an image" }, 404: notFoundAnswer, 413: { description: "A photo or the body is too large" } },
    }),
    async (c) => {
      const { actor, deps, db } = attendant(c);
      const id = idParam(c, "Ticket");
      await getValetTicket(db, id, false);
      const { uploads, fields } = await readMultipart(c);
      const input = parseWith(incidentInputSchema, fields);
      // The incident and its photos stand or fall together: photos are checked before the incident is written.
      const incidentId = await createIncident(db, actor, id, input);
      try {
        if (uploads.length) await addPhotos(deps, actor.id, id, uploads, incidentId);
      } catch (err) {
        await deleteIncident(db, incidentId);
        throw err;
      }
      return c.json({ incident: await getIncident(db, incidentId) }, 201);
    },
  )
  .get(
    "/queue",
    route({
      summary: "The live queue of open tickets",
      description: "JSON by default; with Accept: text/event-stream, a stream of valet.ticket events (each ticket as it changes).",
      tags,
      access: "valet",
      parameters: [LAST_EVENT_ID],
      responses: { 200: { description: "The open tickets (JSON); with Accept: text/event-stream, an event stream of valet.ticket events", schema: valetQueueSchema } },
    }),
    async (c) => {
      const { db } = attendant(c);
      if (!c.req.header("accept")?.includes("text/event-stream")) return c.json(await getQueue(db));
      // The attendant's session is checked again when the database announces a change to it (session.changed), not per heartbeat.
      const myId = (await currentUser(c))?.id;
      const stillAttendant = async () => {
        c.set("sessionUser", undefined);
        const me = await currentUser(c);
        return Boolean(me && ["valet", "admin"].includes(me.role ?? ""));
      };
      return busStream(
        c,
        (e) => {
          if (e.type === "session.changed") return e.userId === myId ? stillAttendant().then((ok) => (ok ? null : "stop")) : null;
          return e.type === "valet.ticket" ? { event: VALET_TICKET_EVENT, data: e.ticket, id: `${e.ticketId}:${e.ticket.updatedAt}` } : null;
        },
        stillAttendant,
        undefined,
        SESSION_BACKSTOP_HEARTBEATS,
      );
    },
  )
  .get(
    "/bookings/today",
    route({
      summary: "Today's valet bookings at a stand (the check-in picker)",
      description: "Valet bookings for today on the operations clock, at the stand's place, not cancelled or served yet, earliest first.",
      tags,
      access: "valet",
      query: todaysValetBookingsQuerySchema,
      responses: { 200: todaysValetBookingsResponseSchema },
    }),
    async (c) => {
      const { db } = attendant(c);
      return c.json({ bookings: await todaysValetBookings(db, c.req.valid("query").stand) });
    },
  )
  .get("/stands", route({ summary: "Recently used valet stands", tags, access: "valet", responses: { 200: valetStandsResponseSchema } }), async (c) => {
    const { db } = attendant(c);
    return c.json({ stands: await recentStands(db) });
  })
  .get(
    "/photos/:id",
    route({
      summary: "A car photo (JPEG)",
      tags,
      access: ["valet", "dispatcher"],
      parameters: [{ in: "path", name: "id", required: true, description: "The photo's id", schema: { type: "string", format: "uuid" } }],
      responses: { 200: { description: "The photo", contentType: "image/jpeg" }, 404: { description: "Photo not found." } },
    }),
    async (c) => {
      const deps = c.get("deps");
      const bytes = await readPhoto(deps, deps.database.db, idParam(c, "Photo"));
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { "content-type": "image/jpeg", "cache-control": "private, max-age=86400" });
    },
  );

