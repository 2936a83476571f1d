// /api/admin core routes (admin-only middleware in app.ts; each handler also asks requireRole itself):
// overview, users, bookings (+ CSV export, status), tickets, reports, audit. Thin: validate, call a service.
import { Hono, type Context } from "hono";
import {
  adminAuditQuerySchema,
  adminBookingsQuerySchema,
  adminCreateUserSchema,
  adminTicketsQuerySchema,
  adminUpdateTicketSchema,
  adminUpdateUserSchema,
  adminUsersQuerySchema,
  bookingStatusChangeSchema,
  uuidParamSchema,
} from "@meridian/shared/admin";
import { requireRole } from "../auth/session";
import type { AppEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { parseBody, parseQuery } from "../lib/validate";
import { bookingsCsv, changeBookingStatus, exportBookings, getBooking, listBookings } from "./core/bookings.service";
import { getOverview, getReports, listAudit } from "./core/insights.service";
import { getTicket, listTickets, updateTicket } from "./core/tickets.service";
import { createUserByAdmin, searchUsers, updateUser } from "./core/users.service";

async function admin(c: Context<AppEnv>) {
  const me = await requireRole(c, "admin");
  return { actor: { id: me.id, email: me.email }, db: c.get("deps").database.db };
}

/** A path id that is not a UUID cannot name a row: 404 (and no database error). */
function idParam(c: Context<AppEnv>, what: string): string {
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
    const q = parseQuery(c, adminUsersQuerySchema);
    return c.json(await searchUsers(db, q.q));
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
    const { db } = await admin(c);
    return c.json(await listBookings(db, parseQuery(c, adminBookingsQuerySchema)));
  })
  .get("/bookings/export.csv", async (c) => {
    const { db } = await admin(c);
    const rows = await exportBookings(db, parseQuery(c, adminBookingsQuerySchema));
    const stamp = new Date().toISOString().slice(0, 10);
    // A byte-order mark so spreadsheet apps read names with accents as UTF-8.
    return c.body("\uFEFF" + bookingsCsv(rows), 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="meridian-bookings-${stamp}.csv"`,
      "cache-control": "no-store",
    });
  })
  .get("/bookings/:id", async (c) => {
    const { db } = await admin(c);
    return c.json({ booking: await getBooking(db, idParam(c, "Booking")) });
  })
  .patch("/bookings/:id/status", async (c) => {
    const { db, actor } = await admin(c);
    const id = idParam(c, "Booking");
    const { status } = await parseBody(c, bookingStatusChangeSchema);
    return c.json({ booking: await changeBookingStatus(db, actor, id, status) });
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
    return c.json(await getReports(db));
  })
  .get("/audit", async (c) => {
    const { db } = await admin(c);
    return c.json(await listAudit(db, parseQuery(c, adminAuditQuerySchema)));
  });
