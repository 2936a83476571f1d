// Staff accounts (valet attendants, chauffeurs, dispatchers) and their shifts. Adding staff creates the account
// with a set-password e-mail (as for users an admin creates) or promotes an existing customer. One person's shifts
// never overlap: the check and the insert run under a lock on the person's row.
import { and, asc, eq, gt, inArray, lt } from "drizzle-orm";
import { staffRoles, asRole, ROLE_LABELS, type StaffRole } from "@meridian/shared/auth";
import { SHIFT_OVERLAP_MESSAGE, type CreateShiftInput, type CreateStaffInput, type Shift, type ShiftsQuery, type StaffCreated, type StaffMember } from "@meridian/shared/rides";
import { addDays, zonedInstant } from "@meridian/shared/zoned-time";
import { type Auth, createUserByAdmin } from "../auth";
import type { Db } from "../db/client";
import { shifts, user } from "../db/schema";
import { conflict, notFound } from "../lib/errors";
import type { Mail, Mailer } from "../mail/mailer";
import { emailLayout, greeting, nameInEmail } from "../mail/templates";
import { type AuditActor, writeAudit } from "../lib/audit";
import { getOperationsSettings } from "../settings/settings.service";
import { withArticle } from "@meridian/shared/words";

type UserRow = typeof user.$inferSelect;
const toStaff = (r: UserRow): StaffMember => ({
  id: r.id,
  fullName: r.name,
  email: r.email,
  phone: r.phone,
  role: asRole(r.role) as StaffRole,
  status: r.banned ? "inactive" : "active",
});

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db.select().from(user).where(inArray(user.role, [...staffRoles])).orderBy(asc(user.name), asc(user.email));
  return rows.map(toStaff);
}

/** To an existing account given a staff role. */
export function joinedTeamEmail(to: string, name: string, roleLabel: string, url: string): Mail {
  const lines = [greeting(name), `You have joined the Meridian team as ${roleLabel}. Sign in with your usual e-mail and password to see your screens.`];
  return { to, subject: "You have joined the Meridian team", text: `${lines.join("\n\n")}\n\nSign in: ${url}\n`, html: emailLayout("Welcome to the team", lines, { label: "Sign in", url }), kind: "staff_joined", vars: { customerName: nameInEmail(name) } };
}

export async function addStaff(deps: { db: Db; auth: Auth; mailer: Mailer; publicUrl: string }, actor: AuditActor, input: CreateStaffInput): Promise<StaffCreated> {
  const { db } = deps;
  const promoted = await db.transaction(async (tx) => {
    const [existing] = await tx.select().from(user).where(eq(user.email, input.email)).for("update");
    if (!existing) return null;
    const role = asRole(existing.role);
    if (role === "admin") throw conflict("This account is an admin. Change an admin's role on Users & Roles.", "is_admin");
    if (role === input.role) throw conflict(`${existing.name} is already ${withArticle(ROLE_LABELS[role])}.`, "already_staff");
    const [row] = await tx.update(user).set({ role: input.role }).where(eq(user.id, existing.id)).returning();
    await writeAudit(tx, actor, { action: "staff.promote", entity: "user", entityId: existing.id, before: { role }, after: { role: input.role } });
    return row!;
  });
  if (promoted) {
    const url = `${deps.publicUrl}/`;
    await deps.mailer.send(joinedTeamEmail(promoted.email, promoted.name, ROLE_LABELS[input.role], url));
    return { staff: toStaff(promoted), created: false };
  }
  const created = await createUserByAdmin(deps, actor, { fullName: input.fullName, email: input.email, role: input.role });
  const [row] = await db.select().from(user).where(eq(user.id, created.id));
  return { staff: toStaff(row!), created: true };
}

const shiftColumns = { id: shifts.id, staffId: shifts.userId, staffName: user.name, role: shifts.role, location: shifts.location, startsAt: shifts.startsAt, endsAt: shifts.endsAt };
type ShiftRow = { id: string; staffId: string; staffName: string; role: string; location: string; startsAt: Date; endsAt: Date };
// Exactly the answer's fields (a spread row once sent the table's userId and createdAt with a new shift).
const toShift = (r: ShiftRow): Shift => ({
  id: r.id,
  staffId: r.staffId,
  staffName: r.staffName,
  role: r.role as StaffRole,
  location: r.location,
  startsAt: r.startsAt.toISOString(),
  endsAt: r.endsAt.toISOString(),
});

/** Shifts that touch the `days` days from `from` (service time zone), by start. */
export async function listShifts(db: Db, q: ShiftsQuery): Promise<{ shifts: Shift[]; timeZone: string }> {
  const { timeZone } = await getOperationsSettings(db);
  const start = zonedInstant(q.from, "00:00", timeZone);
  const end = zonedInstant(addDays(q.from, q.days), "00:00", timeZone);
  const rows = await db
    .select(shiftColumns)
    .from(shifts)
    .innerJoin(user, eq(shifts.userId, user.id))
    .where(and(lt(shifts.startsAt, end), gt(shifts.endsAt, start)))
    .orderBy(asc(shifts.startsAt), asc(user.name));
  return { shifts: rows.map(toShift), timeZone };
}

export async function createShift(db: Db, actor: AuditActor, input: CreateShiftInput): Promise<Shift> {
  const { timeZone } = await getOperationsSettings(db);
  const startsAt = zonedInstant(input.date, input.start, timeZone);
  const endsAt = input.end > input.start ? zonedInstant(input.date, input.end, timeZone) : zonedInstant(addDays(input.date, 1), input.end, timeZone);
  return db.transaction(async (tx) => {
    // The person's row is the lock: two shifts for one person are checked and written one after the other.
    const [person] = await tx.select().from(user).where(eq(user.id, input.staffId)).for("update");
    if (!person || !(staffRoles as readonly string[]).includes(person.role)) throw notFound("Staff member not found.");
    const [clash] = await tx
      .select({ id: shifts.id })
      .from(shifts)
      .where(and(eq(shifts.userId, person.id), lt(shifts.startsAt, endsAt), gt(shifts.endsAt, startsAt)))
      .limit(1);
    if (clash) throw conflict(SHIFT_OVERLAP_MESSAGE, "shift_overlap");
    const [row] = await tx.insert(shifts).values({ userId: person.id, role: input.role, location: input.location, startsAt, endsAt }).returning();
    const shift = toShift({ ...row!, staffId: row!.userId, staffName: person.name });
    await writeAudit(tx, actor, { action: "shift.create", entity: "shift", entityId: row!.id, after: shift });
    return shift;
  });
}

export async function deleteShift(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.delete(shifts).where(eq(shifts.id, id)).returning();
    if (!row) throw notFound("Shift not found.");
    await writeAudit(tx, actor, { action: "shift.delete", entity: "shift", entityId: id, before: { staffId: row.userId, startsAt: row.startsAt.toISOString(), endsAt: row.endsAt.toISOString(), location: row.location } });
  });
}
