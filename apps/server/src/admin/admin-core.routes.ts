// /api/admin core routes (admin-only middleware in app.ts; each handler also asks requireRole itself):
// overview, users, bookings (+ CSV export, status), tickets, reports, audit. Thin: validate, call a service.
import { Hono, type Context } from "hono";
import {
  adminAuditQuerySchema,
  adminBookingsQuerySchema,
  adminReportsQuerySchema,
  reportCsvCards,
  type ReportCsvCard,
  adminCreateUserSchema,
  adminTicketsQuerySchema,
  adminUpdateTicketSchema,
  adminUpdateUserSchema,
  adminUsersQuerySchema,
  bookingStatusChangeSchema,
  uuidParamSchema,
} from "@meridian/shared/admin";
import { asRole, deskRoles } from "@meridian/shared/auth";
import { requireRole } from "../auth/session";
import type { AppEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { parseBody, parseQuery } from "../lib/validate";
import { BOOKINGS_CSV_HEADER, bookingsCsvLines, changeBookingStatus, exportBookingIds, exportBookingRows, getBooking, listBookings } from "./core/bookings.service";
import { getOverview, listAudit } from "./core/insights.service";
import { getReports, reportCsv } from "./core/reports.service";
import { getTicket, listTickets, updateTicket } from "./core/tickets.service";
import { createUserByAdmin, searchUsers, updateUser } from "./core/users.service";

export async function admin(c: Context<AppEnv>) {
  const me = await requireRole(c, "admin");
  return { actor: { id: me.id, email: me.email, name: me.name, role: asRole(me.role) }, db: c.get("deps").database.db };
}

/** The desk: admins and dispatchers (the dispatch board, assignment, reading bookings). */
export async function desk(c: Context<AppEnv>) {
  const me = await requireRole(c, ...deskRoles);
  return { actor: { id: me.id, email: me.email, name: me.name, role: asRole(me.role) }, db: c.get("deps").database.db };
}

/** A path id that is not a UUID cannot name a row: 404 (and no database error). */
export function idParam(c: Context<AppEnv>, what: string): string {
  const id = c.req.param("id") ?? "";
  if (!uuidParamSchema.safeParse(id).success) throw notFound(`${what} not found.`);
  return id;
}

export const adminCoreRoutes = new Hono<AppEnv>()
  .get("/overview", async (c) => {
    const { db } = await admin(c);
    return c.json(await getOverview(db));
  })
  // ---- Users
  .get("/users", async (c) => {
    const { db } = await admin(c);
    return c.json(await searchUsers(db, parseQuery(c, adminUsersQuerySchema)));
  })
  .post("/users", async (c) => {
    const { db, actor } = await admin(c);
    const input = await parseBody(c, adminCreateUserSchema);
    const deps = c.get("deps");
    const created = await createUserByAdmin({ db, auth: deps.auth, mailer: deps.mailer, publicUrl: deps.config.publicUrl }, actor, input);
    return c.json({ user: created }, 201);
  })
  .patch("/users/:id", async (c) => {
    const { db, actor } = await admin(c);
    const id = c.req.param("id");
    const input = await parseBody(c, adminUpdateUserSchema);
    return c.json({ user: await updateUser(db, actor, id, input) });
  })
  // ---- Bookings
  .get("/bookings", async (c) => {
    const { db } = await desk(c);
    return c.json(await listBookings(db, parseQuery(c, adminBookingsQuerySchema)));
  })
  .get("/bookings/export.csv", async (c) => {
    const { db } = await admin(c);
    const ids = await exportBookingIds(db, parseQuery(c, adminBookingsQuerySchema));
    const batches = exportBookingRows(db, ids);
    const encoder = new TextEncoder();
    const log = c.get("deps").logger;
    const requestId = c.get("requestId");
    // Streamed batch by batch as the client reads, so a large export never sits whole in memory. It starts with
    // a byte-order mark so spreadsheet apps read names with accents as UTF-8. A failure midway cuts the
    // download off (an error, never a file that looks complete).
    const body = new ReadableStream<Uint8Array>({
      start: (out) => out.enqueue(encoder.encode("\uFEFF" + BOOKINGS_CSV_HEADER)),
      async pull(out) {
        try {
          const next = await batches.next();
          if (next.done) out.close();
          else out.enqueue(encoder.encode(bookingsCsvLines(next.value)));
        } catch (err) {
          log.error("bookings export failed midway", { requestId, err: String(err) });
          out.error(err);
        }
      },
      cancel: () => void batches.return(undefined),
    });
    const stamp = new Date().toISOString().slice(0, 10);
    return c.body(body, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="meridian-bookings-${stamp}.csv"`,
      "cache-control": "no-store",
    });
  })
  .get("/bookings/:id", async (c) => {
    const { db } = await desk(c);
    return c.json({ booking: await getBooking(db, idParam(c, "Booking")) });
  })
  .patch("/bookings/:id/status", async (c) => {
    const { actor } = await admin(c);
    const id = idParam(c, "Booking");
    const { status } = await parseBody(c, bookingStatusChangeSchema);
    return c.json({ booking: await changeBookingStatus(c.get("deps"), actor, id, status) });
  })
  // ---- Tickets
  .get("/tickets", async (c) => {
    const { db } = await admin(c);
    return c.json(await listTickets(db, parseQuery(c, adminTicketsQuerySchema)));
  })
  .get("/tickets/:id", async (c) => {
    const { db } = await admin(c);
    return c.json({ ticket: await getTicket(db, idParam(c, "Ticket")) });
  })
  .patch("/tickets/:id", async (c) => {
    const { db, actor } = await admin(c);
    const id = idParam(c, "Ticket");
    const input = await parseBody(c, adminUpdateTicketSchema);
    return c.json({ ticket: await updateTicket(db, actor, id, input) });
  })
  // ---- Reports and audit
  .get("/reports", async (c) => {
    const { db } = await admin(c);
    return c.json(await getReports(db, parseQuery(c, adminReportsQuerySchema)));
  })
  // One card's figures as CSV: /reports/revenue-by-service.csv?from=&to= (the cards in reportCsvCards).
  .get("/reports/:file", async (c) => {
    const { db } = await admin(c);
    const card = (c.req.param("file") ?? "").replace(/\.csv$/, "") as ReportCsvCard;
    if (!c.req.param("file")?.endsWith(".csv") || !reportCsvCards.includes(card)) throw notFound("There is no such report.");
    const range = parseQuery(c, adminReportsQuerySchema);
    const csv = reportCsv(card, await getReports(db, range));
    const span = range.from || range.to ? `-${range.from ?? "start"}-to-${range.to ?? "today"}` : "";
    return c.body(csv, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="meridian-${card}${span}.csv"`,
      "cache-control": "no-store",
    });
  })
  .get("/audit", async (c) => {
    const { db } = await admin(c);
    return c.json(await listAudit(db, parseQuery(c, adminAuditQuerySchema)));
  });
