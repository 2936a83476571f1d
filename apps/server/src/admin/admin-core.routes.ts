// /api/admin core routes (each route's access is its route() description, the one check):
// overview, users, bookings (+ CSV export, status), tickets, reports, audit. Thin: validate, call a service.
import { Hono } from "hono";
import {
  adminAuditQuerySchema,
  adminBookingsPageSchema,
  adminBookingsQuerySchema,
  adminReportsQuerySchema,
  reportCsvCards,
  type ReportCsvCard,
  adminCreateUserSchema,
  adminTicketsQuerySchema,
  adminUpdateTicketSchema,
  adminUpdateUserSchema,
  adminUsersPageSchema,
  adminUsersQuerySchema,
  adminUserResponseSchema,
  bookingStatusChangeSchema,
} from "@meridian/shared/admin";
import { adminAnalyticsQuerySchema } from "@meridian/shared/analytics";
import type { AppEnv } from "../lib/context";
import { notFound } from "../lib/errors";
import { adminBookingResponseSchema, adminTicketResponseSchema, adminTicketsPageSchema } from "@meridian/shared/bookings/answers";
import { adminAnalyticsSchema, adminAuditPageSchema, adminOverviewSchema, adminReportsSchema } from "@meridian/shared/reports/answers";
import { caller, routesFor } from "../lib/openapi";
import {
  BOOKINGS_CSV_HEADER,
  bookingsCsvLines,
  changeBookingStatus,
  exportBookingIds,
  exportBookingRows,
  getBooking,
  listBookings,
} from "../bookings";
import { analyticsCsv, getAnalytics } from "./core/analytics.service";
import { getOverview, listAudit } from "./core/insights.service";
import { getReports, reportCsv } from "./core/reports.service";
import { getTicket, listTickets, updateTicket } from "../valet";
import { createUserByAdmin, searchUsers, updateUser } from "../auth";
import { idParam, userIdParam } from "../lib/validate";
import { settleBookingNow } from "../payments";

/** A path id that is not a UUID cannot name a row: 404 (and no database error). */
const admin$ = routesFor("admin", ["Admin"]);
const desk$ = routesFor(["dispatcher"], ["Admin"]);
const notFoundAnswer = { description: "No such row" };

export const adminCoreRoutes = new Hono<AppEnv>()
  .get("/overview", admin$("Counts and recent activity", { 200: adminOverviewSchema }), async (c) => {
    const { db } = caller(c);
    return c.json(await getOverview(db));
  })
  // ---- Users
  .get("/users", admin$("Search users", { 200: adminUsersPageSchema }, { query: adminUsersQuerySchema, tags: ["Admin: users"] }), async (c) => {
    const { db } = caller(c);
    return c.json(await searchUsers(db, c.req.valid("query")));
  })
  .post("/users", admin$("Create a user (they set a password from an e-mail)", { 201: adminUserResponseSchema, 409: { description: "The e-mail is taken" } }, { body: adminCreateUserSchema, tags: ["Admin: users"] }), async (c) => {
    const { db, actor } = caller(c);
    const input = c.req.valid("json");
    const deps = c.get("deps");
    const created = await createUserByAdmin({ db, auth: deps.auth, mailer: deps.mailer, publicUrl: deps.config.publicUrl }, actor, input);
    return c.json({ user: created }, 201);
  })
  .patch("/users/:id", admin$("Change a user's name, phone, role or status", { 200: adminUserResponseSchema, 404: notFoundAnswer }, { body: adminUpdateUserSchema, tags: ["Admin: users"] }), async (c) => {
    const { db, actor } = caller(c);
    const id = userIdParam(c, "User");
    const input = c.req.valid("json");
    return c.json({ user: await updateUser(db, actor, id, input) });
  })
  // ---- Bookings
  .get("/bookings", desk$("Search bookings", { 200: adminBookingsPageSchema }, { query: adminBookingsQuerySchema, tags: ["Admin: bookings"] }), async (c) => {
    const { db } = caller(c);
    return c.json(await listBookings(db, c.req.valid("query")));
  })
  .get("/bookings/export.csv", admin$("The filtered bookings as CSV", { 200: { description: "CSV (UTF-8 with a byte-order mark)", contentType: "text/csv" } }, { query: adminBookingsQuerySchema, tags: ["Admin: bookings"] }), async (c) => {
    const { db } = caller(c);
    const ids = await exportBookingIds(db, c.req.valid("query"));
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
  .get("/bookings/:id", desk$("A booking with its tickets, next statuses, assignment, cancellation and timeline", { 200: adminBookingResponseSchema, 404: notFoundAnswer }, { tags: ["Admin: bookings"] }), async (c) => {
    const { db } = caller(c);
    return c.json({ booking: await getBooking(db, idParam(c, "Booking")) });
  })
  .patch("/bookings/:id/status", admin$("Move a booking to another status", { 200: adminBookingResponseSchema, 404: notFoundAnswer, 409: { description: "That move is not allowed from the booking's status" } }, { body: bookingStatusChangeSchema, tags: ["Admin: bookings"] }), async (c) => {
    const { actor } = caller(c);
    const id = idParam(c, "Booking");
    const { status } = c.req.valid("json");
    const deps = c.get("deps");
    const moved = await changeBookingStatus(deps, actor, id, status);
    // A ride or valet booking completed (or a no-show) from the back office: its card is captured now.
    if (moved.status === "completed" || moved.status === "no_show") await settleBookingNow(deps, moved.id);
    return c.json({ booking: await getBooking(deps.database.db, id) });
  })
  // ---- Tickets
  .get("/tickets", admin$("Search tickets", { 200: adminTicketsPageSchema }, { query: adminTicketsQuerySchema, tags: ["Admin: tickets"] }), async (c) => {
    const { db } = caller(c);
    return c.json(await listTickets(db, c.req.valid("query")));
  })
  .get("/tickets/:id", admin$("A ticket", { 200: adminTicketResponseSchema, 404: notFoundAnswer }, { tags: ["Admin: tickets"] }), async (c) => {
    const { db } = caller(c);
    return c.json({ ticket: await getTicket(db, idParam(c, "Ticket")) });
  })
  .patch("/tickets/:id", admin$("Record a ticket's plate and key tag, or change its status", { 200: adminTicketResponseSchema, 404: notFoundAnswer }, { body: adminUpdateTicketSchema, tags: ["Admin: tickets"] }), async (c) => {
    const { db, actor } = caller(c);
    const id = idParam(c, "Ticket");
    const input = c.req.valid("json");
    return c.json({ ticket: await updateTicket(db, actor, id, input) });
  })
  // ---- Reports and audit
  .get(
    "/reports",
    admin$("Revenue net of refunds, tips, payouts owed, the funnel and coupons, for a date range", { 200: adminReportsSchema }, { query: adminReportsQuerySchema }),
    async (c) => {
      const { db } = caller(c);
      return c.json(await getReports(db, c.req.valid("query")));
    },
  )
  // One card's figures as CSV: /reports/revenue-by-service.csv?from=&to= (the cards in reportCsvCards).
  .get(
    "/reports/:file",
    admin$(
      `One report card as CSV: ${reportCsvCards.map((card) => `${card}.csv`).join(", ")}`,
      { 200: { description: "CSV (UTF-8 with a byte-order mark)", contentType: "text/csv" }, 404: notFoundAnswer },
      { query: adminReportsQuerySchema },
    ),
    async (c) => {
    const { db } = caller(c);
    const card = (c.req.param("file") ?? "").replace(/\.csv$/, "") as ReportCsvCard;
    if (!c.req.param("file")?.endsWith(".csv") || !reportCsvCards.includes(card)) throw notFound("There is no such report.");
    const range = c.req.valid("query");
    const csv = reportCsv(card, await getReports(db, range));
    const span = range.from || range.to ? `-${range.from ?? "start"}-to-${range.to ?? "today"}` : "";
    return c.body(csv, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="meridian-${card}${span}.csv"`,
      "cache-control": "no-store",
    });
    },
  )
  // ---- The Overview's analytics (the last 7, 30 or 90 days on the operations clock), as JSON and as CSV
  .get(
    "/analytics",
    admin$("Bookings, revenue, quote conversion, valet retrieval time and on-time pickups per day of the last 7, 30 or 90 days", { 200: adminAnalyticsSchema }, { query: adminAnalyticsQuerySchema }),
    async (c) => {
      const { db } = caller(c);
      return c.json(await getAnalytics(db, c.req.valid("query").days));
    },
  )
  .get(
    "/analytics.csv",
    admin$("The Overview's analytics as CSV: a row per day, then the totals", { 200: { description: "CSV (UTF-8 with a byte-order mark)", contentType: "text/csv" } }, { query: adminAnalyticsQuerySchema }),
    async (c) => {
      const { db } = caller(c);
      const a = await getAnalytics(db, c.req.valid("query").days);
      return c.body(analyticsCsv(a), 200, {
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": `attachment; filename="meridian-analytics-${a.from}-to-${a.to}.csv"`,
        "cache-control": "no-store",
      });
    },
  )
  .get("/audit", admin$("The audit log, newest first", { 200: adminAuditPageSchema }, { query: adminAuditQuerySchema }), async (c) => {
    const { db } = caller(c);
    return c.json(await listAudit(db, c.req.valid("query")));
  });
