// Admin users: search, edit (role, status, name, phone), create with a set-password e-mail.
import { asc, eq, ilike, or } from "drizzle-orm";
import type { AdminCreateUserInput, AdminUpdateUserInput, AdminUser, AdminUsersQuery, Paged } from "@meridian/shared/admin";
import { asRole } from "@meridian/shared/auth";
import type { Auth } from "../../auth/auth";
import type { Db } from "../../db/client";
import { account, session, user } from "../../db/schema";
import { conflict, notFound } from "../../lib/errors";
import type { Mailer } from "../../mail/mailer";
import { welcomeSetPasswordEmail } from "../../mail/templates";
import { type AuditActor, diff, writeAudit } from "../../lib/audit";
import { containsPattern, countAll, pageOf } from "../../lib/sql-helpers";

type UserRow = typeof user.$inferSelect;
/** A welcome link stays valid for three days. */
const SET_PASSWORD_TTL_MS = 3 * 24 * 60 * 60 * 1000;

/** A user's row as the profile they see and the admin's Users list shows (one shape: adminUserSchema is profileSchema). */
export function toAdminUser(row: UserRow): AdminUser {
  return {
    id: row.id,
    fullName: row.name,
    email: row.email,
    phone: row.phone,
    role: asRole(row.role),
    status: row.banned ? "inactive" : "active",
    emailVerified: row.emailVerified,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * One page of users ordered by full name, then e-mail (id breaks ties so pages never overlap);
 * `q` matches name, e-mail or phone (case-insensitive, anywhere). A page past the end is empty, with the total.
 */
export async function searchUsers(db: Db, q: AdminUsersQuery): Promise<Paged<"users", AdminUser>> {
  const { page, pageSize, offset } = pageOf(q);
  const pattern = q.q ? containsPattern(q.q) : undefined;
  const where = pattern ? or(ilike(user.name, pattern), ilike(user.email, pattern), ilike(user.phone, pattern)) : undefined;
  const [rows, [count]] = await Promise.all([
    db.select().from(user).where(where).orderBy(asc(user.name), asc(user.email), asc(user.id)).limit(pageSize).offset(offset),
    db.select({ n: countAll }).from(user).where(where),
  ]);
  return { users: rows.map(toAdminUser), total: count?.n ?? 0, page, pageSize };
}

export async function updateUser(db: Db, actor: AuditActor, id: string, input: AdminUpdateUserInput): Promise<AdminUser> {
  return db.transaction(async (tx) => {
    const [current] = await tx.select().from(user).where(eq(user.id, id)).for("update");
    if (!current) throw notFound("User not found.");
    if (id === actor.id && input.role !== undefined && input.role !== "admin") {
      throw conflict("You cannot remove your own admin role. Ask another admin to do it.", "self_change");
    }
    if (id === actor.id && input.status === "inactive") {
      throw conflict("You cannot deactivate your own account. Ask another admin to do it.", "self_change");
    }
    const patch: Partial<typeof user.$inferInsert> = {};
    if (input.fullName !== undefined) patch.name = input.fullName;
    if (input.phone !== undefined) patch.phone = input.phone === "" ? null : input.phone;
    if (input.role !== undefined) patch.role = input.role;
    if (input.status !== undefined) {
      patch.banned = input.status === "inactive";
      patch.banReason = input.status === "inactive" ? "Deactivated by an admin" : null;
    }
    const [row] = await tx.update(user).set(patch).where(eq(user.id, id)).returning();
    // An inactive account is signed out everywhere at once.
    if (input.status === "inactive") await tx.delete(session).where(eq(session.userId, id));
    const before = toAdminUser(current);
    const after = toAdminUser(row!);
    await writeAudit(tx, actor, { action: "user.update", entity: "user", entityId: id, ...diff(before, after) });
    return after;
  });
}

/**
 * A verified account with a random password nobody knows, and an e-mail with a link to choose one
 * (a better-auth reset token, so the normal reset page and endpoint complete it).
 */
export async function createUserByAdmin(
  deps: { db: Db; auth: Auth; mailer: Mailer; publicUrl: string },
  actor: AuditActor,
  input: AdminCreateUserInput,
): Promise<AdminUser> {
  const { db, auth } = deps;
  const ctx = await auth.$context;
  const id = crypto.randomUUID();
  const unusable = await ctx.password.hash(`${crypto.randomUUID()}${crypto.randomUUID()}`);
  const token = Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url");
  const created = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: user.id }).from(user).where(eq(user.email, input.email));
    if (existing) throw conflict("An account with this e-mail already exists.", "email_taken");
    const [row] = await tx
      .insert(user)
      .values({ id, email: input.email, name: input.fullName, role: input.role, emailVerified: true })
      .onConflictDoNothing()
      .returning();
    if (!row) throw conflict("An account with this e-mail already exists.", "email_taken");
    await tx.insert(account).values({ id: crypto.randomUUID(), accountId: id, providerId: "credential", userId: id, password: unusable });
    await writeAudit(tx, actor, {
      action: "user.create",
      entity: "user",
      entityId: id,
      after: { fullName: row.name, email: row.email, role: row.role },
    });
    return row;
  });
  await ctx.internalAdapter.createVerificationValue({
    value: id,
    identifier: `reset-password:${token}`,
    expiresAt: new Date(Date.now() + SET_PASSWORD_TTL_MS),
  });
  // welcome=1: the page greets a new account instead of warning about signing out its other devices.
  const url = `${deps.publicUrl}/reset-password?token=${encodeURIComponent(token)}&welcome=1`;
  await deps.mailer.send(welcomeSetPasswordEmail(created.email, created.name, url));
  return toAdminUser(created);
}
