// /api/admin valet screens (admin only, each route's route({ access })): a ticket's valet history, incidents, the lot
// board and retrieval times.
import { Hono } from "hono";
import { z } from "zod";
import { OPEN_VALET_STATUSES, type LotBoard } from "@meridian/shared/valet-ticket";
import type { AppEnv } from "../lib/context";
import { incidentsPageSchema, lotBoardSchema, ticketHistoryResponseSchema } from "@meridian/shared/valet/answers";
import { routesFor } from "../lib/openapi";
import { incidentsOfTicket, listIncidents } from "../valet/incidents.service";
import { retrievalFigures } from "../valet/retrieval.service";
import { getValetTicket, openTickets, timelineOf } from "../valet/tickets.service";
import { idParam } from "../lib/validate";

const pageQuery = z.object({
  page: z.coerce.number({ error: "Page must be a number." }).int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number({ error: "Page size must be a number." }).int().min(1).max(100).default(20),
});
const daysQuery = z.object({ days: z.coerce.number({ error: "Days must be a number." }).int().min(1).max(366).default(14) });

const valet$ = routesFor("admin", ["Admin: valet"]);

export const adminValetRoutes = new Hono<AppEnv>()
  .get(
    "/tickets/:id/valet",
    valet$("A ticket's valet history: the ticket, its timeline and incidents", { 200: ticketHistoryResponseSchema, 404: { description: "Ticket not found." } }, {
      parameters: [{ in: "path", name: "id", required: true, description: "The ticket's id", schema: { type: "string", format: "uuid" } }],
    }),
    async (c) => {
      const db = c.get("deps").database.db;
      const id = idParam(c, "Ticket");
      const [ticket, timeline, incidents] = await Promise.all([getValetTicket(db, id), timelineOf(db, id), incidentsOfTicket(db, id)]);
      return c.json({ ticket, timeline, incidents });
    },
  )
  .get("/incidents", valet$("Incidents, newest first", { 200: incidentsPageSchema }, { query: pageQuery }), async (c) => {
    const db = c.get("deps").database.db;
    return c.json(await listIncidents(db, c.req.valid("query")));
  })
  .get("/valet/board", valet$("The lot board: open tickets by status and retrieval times", { 200: lotBoardSchema }, { query: daysQuery }), async (c) => {
    const db = c.get("deps").database.db;
    const { days } = c.req.valid("query");
    const [tickets, retrieval] = await Promise.all([openTickets(db), retrievalFigures(db, days)]);
    const counts = Object.fromEntries(OPEN_VALET_STATUSES.map((s) => [s, tickets.filter((t) => t.status === s).length])) as LotBoard["counts"];
    return c.json({ counts, tickets, retrieval } satisfies LotBoard);
  });
