// /api/admin valet screens (admin-only middleware in app.ts): a ticket's valet history, incidents, the lot
// board and retrieval times.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { uuidParamSchema } from "@meridian/shared/admin";
import { OPEN_VALET_STATUSES, type LotBoard } from "@meridian/shared/valet-ticket";
import { requireRole } from "../auth/session";
import type { AppEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { parseQuery } from "../lib/validate";
import { incidentsOfTicket, listIncidents } from "../valet/incidents.service";
import { retrievalFigures } from "../valet/retrieval.service";
import { getValetTicket, openTickets, timelineOf } from "../valet/tickets.service";

async function admin(c: Context<AppEnv>) {
  await requireRole(c, "admin");
  return c.get("deps").database.db;
}

const pageQuery = z.object({
  page: z.coerce.number({ error: "Page must be a number." }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number({ error: "Page size must be a number." }).int().min(1).max(100).default(20),
});
const daysQuery = z.object({ days: z.coerce.number({ error: "Days must be a number." }).int().min(1).max(366).default(14) });

export const adminValetRoutes = new Hono<AppEnv>()
  .get("/tickets/:id/valet", async (c) => {
    const db = await admin(c);
    const id = c.req.param("id");
    if (!uuidParamSchema.safeParse(id).success) throw notFound("Ticket not found.");
    const [ticket, timeline, incidents] = await Promise.all([getValetTicket(db, id), timelineOf(db, id), incidentsOfTicket(db, id)]);
    return c.json({ ticket, timeline, incidents });
  })
  .get("/incidents", async (c) => {
    const db = await admin(c);
    return c.json(await listIncidents(db, parseQuery(c, pageQuery)));
  })
  .get("/valet/board", async (c) => {
    const db = await admin(c);
    const { days } = parseQuery(c, daysQuery);
    const [tickets, retrieval] = await Promise.all([openTickets(db), retrievalFigures(db, days)]);
    const counts = Object.fromEntries(OPEN_VALET_STATUSES.map((s) => [s, tickets.filter((t) => t.status === s).length])) as LotBoard["counts"];
    return c.json({ counts, tickets, retrieval } satisfies LotBoard);
  });
