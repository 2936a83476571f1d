// /api/valet: the attendants' API (valet attendants and admins): check-in, photos, status moves, the live
// queue, incidents. Thin: validate, check the role, call a service.
import { Hono, type Context } from "hono";
import { uuidParamSchema } from "@meridian/shared/admin";
import { incidentInputSchema, valetCheckInSchema, valetStatusChangeSchema, VALET_TICKET_EVENT } from "@meridian/shared/valet-ticket";
import { currentUser, requireRole } from "../auth/session";
import type { AppEnv } from "../lib/context";
import { badRequest, notFound } from "../lib/errors";
import { parseBody, parseWith } from "../lib/validate";
import { createIncident, deleteIncident, getIncident } from "./incidents.service";
import { addPhotos, readPhoto } from "./photos.service";
import { busStream } from "../realtime/bus-stream";
import { changeStatus, checkIn, getQueue, getValetTicket, recentStands, timelineOf } from "./tickets.service";
import { readMultipart } from "./uploads";

async function attendant(c: Context<AppEnv>) {
  const me = await requireRole(c, "valet", "admin");
  return { actor: { kind: "staff" as const, id: me.id, name: me.name || me.email }, deps: c.get("deps"), db: c.get("deps").database.db };
}

function idParam(c: Context<AppEnv>, what = "Ticket"): string {
  const id = c.req.param("id") ?? "";
  if (!uuidParamSchema.safeParse(id).success) throw notFound(`${what} not found.`);
  return id;
}

export const valetRoutes = new Hono<AppEnv>()
  .post("/tickets", async (c) => {
    const { actor, deps } = await attendant(c);
    const input = await parseBody(c, valetCheckInSchema);
    return c.json(await checkIn(deps, actor, input), 201);
  })
  .get("/tickets/:id", async (c) => {
    const { db } = await attendant(c);
    const id = idParam(c);
    return c.json({ ticket: await getValetTicket(db, id), timeline: await timelineOf(db, id) });
  })
  .patch("/tickets/:id", async (c) => {
    const { actor, deps } = await attendant(c);
    const id = idParam(c);
    const { status, stall } = await parseBody(c, valetStatusChangeSchema);
    return c.json({ ticket: await changeStatus(deps, actor, id, status, { stall: stall ?? undefined }) });
  })
  .post("/tickets/:id/photos", async (c) => {
    const { actor, deps, db } = await attendant(c);
    const id = idParam(c);
    await getValetTicket(db, id, false);
    const { uploads } = await readMultipart(c);
    if (!uploads.length) throw badRequest("Add at least one photo.", { photo: "Add at least one photo." });
    await addPhotos(deps, actor.id, id, uploads);
    return c.json({ ticket: await getValetTicket(db, id) }, 201);
  })
  .post("/tickets/:id/incidents", async (c) => {
    const { actor, deps, db } = await attendant(c);
    const id = idParam(c);
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
  })
  .get("/queue", async (c) => {
    const { db } = await attendant(c);
    if (!c.req.header("accept")?.includes("text/event-stream")) return c.json(await getQueue(db));
    return busStream(
      c,
      (e) => (e.type === "valet.ticket" ? { event: VALET_TICKET_EVENT, data: e.ticket, id: `${e.ticketId}:${e.ticket.updatedAt}` } : null),
      async () => {
        c.set("sessionUser", undefined);
        const me = await currentUser(c);
        return Boolean(me && ["valet", "admin"].includes(me.role ?? ""));
      },
    );
  })
  .get("/stands", async (c) => {
    const { db } = await attendant(c);
    return c.json({ stands: await recentStands(db) });
  })
  .get("/photos/:id", async (c) => {
    await requireRole(c, "valet", "dispatcher", "admin");
    const deps = c.get("deps");
    const bytes = await readPhoto(deps, deps.database.db, idParam(c, "Photo"));
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { "content-type": "image/jpeg", "cache-control": "private, max-age=86400" });
  });

