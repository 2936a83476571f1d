// Overview counts and recent activity, and the audit log (the Reports are in reports.service.ts).
import { and, asc, desc, eq, gt, inArray, lte, notInArray, sql } from "drizzle-orm";
import type { AdminAuditPage, AdminOverview } from "@meridian/shared/admin";
import { UUID_PATTERN } from "@meridian/shared/audit";
import type { Db } from "../../db/client";
import { auditLogs, bookings, coupons, tickets, user, vehicleTypes } from "../../db/schema";
import { getOperationsSettings } from "../../settings/settings.service";
import { countAll, iso, pageOf } from "../../lib/sql-helpers";
import { withArticle } from "@meridian/shared/words";
import { formatMoney } from "@meridian/shared/money";

/** Bookings that earn money: neither cancelled nor refunded, and priced. */
const earning = and(notInArray(bookings.status, ["cancelled", "refunded"]), sql`${bookings.price} is not null`);
const revenueSum = sql<string>`coalesce(sum(${bookings.price}), 0)`;
const money = (v: string | number | null | undefined) => Math.round(Number(v ?? 0) * 100) / 100;

const RECENT = 10;

/** Rides still waiting (pending or confirmed): overdue once their pickup is past (shared isOverdueRide). */
const waitingRide = and(eq(bookings.service, "ride"), inArray(bookings.status, ["pending", "confirmed"]));

export async function getOverview(db: Db, now = new Date()): Promise<AdminOverview> {
  const [[users], [allBookings], [pending], [active], [revenue], recentBookings, recentUsers, overdue, [next]] = await Promise.all([
    db.select({ n: countAll }).from(user),
    db.select({ n: countAll }).from(bookings),
    db.select({ n: countAll }).from(bookings).where(eq(bookings.status, "pending")),
    db.select({ n: countAll }).from(tickets).where(eq(tickets.status, "active")),
    db.select({ total: revenueSum }).from(bookings).where(earning),
    db
      .select({ id: bookings.id, at: bookings.createdAt, service: bookings.service, price: bookings.price, name: bookings.name, profileName: user.name })
      .from(bookings)
      .leftJoin(user, eq(bookings.userId, user.id))
      .orderBy(desc(bookings.createdAt))
      .limit(RECENT),
    db.select({ id: user.id, at: user.createdAt, name: user.name, role: user.role }).from(user).orderBy(desc(user.createdAt)).limit(RECENT),
    db
      .select({ id: bookings.id, pickupAt: bookings.pickupAt, status: bookings.status, details: bookings.details, name: bookings.name, profileName: user.name })
      .from(bookings)
      .leftJoin(user, eq(bookings.userId, user.id))
      .where(and(waitingRide, lte(bookings.pickupAt, now)))
      .orderBy(asc(bookings.pickupAt))
      .limit(50),
    db.select({ at: bookings.pickupAt }).from(bookings).where(and(waitingRide, gt(bookings.pickupAt, now))).orderBy(asc(bookings.pickupAt)).limit(1),
  ]);
  const recent: AdminOverview["recent"] = [
    ...recentBookings.map((b) => ({
      type: "booking" as const,
      id: b.id,
      at: iso(b.at),
      text: `${b.profileName ?? b.name ?? "A guest"} booked ${withArticle(b.service)} service${b.price != null ? ` (${formatMoney(b.price)})` : ""}.`,
    })),
    ...recentUsers.map((u) => ({
      type: "signup" as const,
      id: u.id,
      at: iso(u.at),
      text: `${u.name} joined Meridian${u.role !== "user" ? ` as ${u.role}` : ""}.`,
    })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, RECENT);
  return {
    counts: {
      users: users?.n ?? 0,
      bookings: allBookings?.n ?? 0,
      pendingBookings: pending?.n ?? 0,
      activeTickets: active?.n ?? 0,
      revenue: money(revenue?.total),
    },
    recent,
    overdueRides: overdue.map((r) => ({
      id: r.id,
      pickupAt: iso(r.pickupAt!), // lte(pickupAt, now) excludes null
      pickup: r.details.service === "ride" ? r.details.pickup.name : "",
      customerName: r.profileName ?? r.name ?? "Guest",
      status: r.status,
    })),
    nextPickupAt: next?.at ? iso(next.at) : null,
  };
}

export async function listAudit(db: Db, q: { page?: number; pageSize?: number }): Promise<AdminAuditPage> {
  const { page, pageSize, offset } = pageOf(q, 25);
  const [rows, [count], { timeZone }] = await Promise.all([
    db.select().from(auditLogs).orderBy(desc(auditLogs.createdAt), desc(auditLogs.id)).limit(pageSize).offset(offset),
    db.select({ n: countAll }).from(auditLogs),
    getOperationsSettings(db),
  ]);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      at: iso(r.createdAt),
      actorId: r.actorId,
      actorEmail: r.actorEmail,
      action: r.action,
      entity: r.entity,
      entityId: r.entityId,
      before: r.before,
      after: r.after,
    })),
    names: await auditNames(db, rows),
    timeZone,
    total: count?.n ?? 0,
    page,
    pageSize,
  };
}

/** A readable name for every id on the page (the entity's and those among the values): people, vehicles, coupons, tickets, bookings. */
async function auditNames(db: Db, rows: (typeof auditLogs.$inferSelect)[]): Promise<Record<string, string>> {
  const ids = new Set<string>();
  const collect = (v: unknown) => {
    if (typeof v === "string" && UUID_PATTERN.test(v)) ids.add(v);
    else if (v && typeof v === "object") for (const x of Object.values(v)) collect(x);
  };
  for (const r of rows) {
    collect(r.entityId);
    collect(r.actorId);
    collect(r.before);
    collect(r.after);
  }
  const list = [...ids];
  if (!list.length) return {};
  const [people, vehicles, codes, ticketCodes, bookingRows] = await Promise.all([
    db.select({ id: user.id, name: user.name }).from(user).where(inArray(user.id, list)),
    db.select({ id: vehicleTypes.id, name: vehicleTypes.name }).from(vehicleTypes).where(inArray(vehicleTypes.id, list)),
    db.select({ id: coupons.id, name: coupons.code }).from(coupons).where(inArray(coupons.id, list)),
    db.select({ id: tickets.id, name: tickets.ticketCode }).from(tickets).where(inArray(tickets.id, list)),
    db
      .select({ id: bookings.id, service: bookings.service, date: bookings.bookingDate, customer: user.name })
      .from(bookings)
      .leftJoin(user, eq(bookings.userId, user.id))
      .where(inArray(bookings.id, list)),
  ]);
  const names: Record<string, string> = {};
  for (const r of [...people, ...vehicles, ...codes, ...ticketCodes]) names[r.id] = r.name;
  for (const b of bookingRows) names[b.id] = `${b.service === "ride" ? "Ride" : "Valet"} on ${b.date}${b.customer ? ` for ${b.customer}` : ""}`;
  return names;
}
