import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../seed/factories";
import { auditLogs, outboxEmails, session, user as userTable } from "../../db/schema";
import { countRows, expectFieldErrors } from "../../test/helpers";
import { createAdminTestApp, type AdminSession, type TestApp } from "../../test/harness";

let t: TestApp, admin: AdminSession;
beforeAll(async () => ({ t, admin } = await createAdminTestApp({}, { adminName: "Ava Admin" })));
afterAll(() => t.close());

describe("GET /api/admin/users", () => {
  it("lists users by name and searches name, e-mail and phone on the server", async () => {
    await t.userWithSession({ fullName: "Zed Searchable", email: "zed.unique@example.com", phone: "(310) 555-7788" });
    await t.userWithSession({ fullName: "Other Person", email: "other@example.com" });

    const all = await t.call("GET", "/api/admin/users", { cookie: admin.cookie });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ total: all.body.users.length, page: 1, pageSize: 20 });
    expect(all.body).not.toHaveProperty("limit");
    const names = all.body.users.map((u: { fullName: string }) => u.fullName);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b)));
    expect(all.body.users.find((u: { email: string }) => u.email === "zed.unique@example.com")).toMatchObject({
      fullName: "Zed Searchable",
      phone: "(310) 555-7788",
      role: "user",
      status: "active",
    });

    for (const q of ["searchable", "ZED.UNIQUE", "555-7788"]) {
      const res = await t.call("GET", `/api/admin/users?q=${encodeURIComponent(q)}`, { cookie: admin.cookie });
      expect(res.body.users.map((u: { fullName: string }) => u.fullName), q).toEqual(["Zed Searchable"]);
      expect(res.body.total, q).toBe(1);
    }
    const none = await t.call("GET", "/api/admin/users?q=nobody-by-this-name", { cookie: admin.cookie });
    expect(none.body.users).toEqual([]);
    // LIKE wildcards are literal
    expect((await t.call("GET", "/api/admin/users?q=%25", { cookie: admin.cookie })).body.users).toEqual([]);
  });

  describe("paging", () => {
    type Row = { id: string; email: string; fullName: string };
    const tag = `pg${Date.now().toString(36)}`;
    const pad = (i: number) => String(i).padStart(2, "0");
    /** The 30 tagged accounts in the order the list must show them: name, then e-mail. */
    let tagged: Row[] = [];
    const list = async (qs: string) => t.call("GET", `/api/admin/users${qs}`, { cookie: admin.cookie });

    beforeAll(async () => {
      // Three accounts share each name, so the e-mail decides their order; created out of order on purpose.
      const order = Array.from({ length: 30 }, (_, i) => (i * 7) % 30);
      for (const i of order) {
        await createUser(t.db, t.deps.auth, { fullName: `Pager ${tag} ${pad(i % 10)}`, email: `pager-${tag}-${pad(i)}@example.com` });
      }
      tagged = Array.from({ length: 30 }, (_, i) => i)
        .sort((a, b) => (a % 10) - (b % 10) || a - b)
        .map((i) => ({ id: "", fullName: `Pager ${tag} ${pad(i % 10)}`, email: `pager-${tag}-${pad(i)}@example.com` }));
    });

    it("walks every account page by page with no overlap, no gap and the right total", async () => {
      const total = await countRows(t.db, userTable);
      expect(total).toBeGreaterThanOrEqual(30);
      const pages = Math.ceil(total / 10);
      const seen: Row[] = [];
      for (let page = 1; page <= pages; page++) {
        const res = await list(`?page=${page}&pageSize=10`);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ total, page, pageSize: 10 });
        expect(res.body.users).toHaveLength(page < pages ? 10 : total - 10 * (pages - 1));
        seen.push(...res.body.users);
      }
      expect(new Set(seen.map((u) => u.id)).size).toBe(total);
      // The same order as one big page: the pages are slices of one stable ordering.
      const whole = await list(`?pageSize=100`);
      expect(whole.body.users.map((u: Row) => u.id)).toEqual(seen.map((u) => u.id));
      // Ours appear in name-then-e-mail order.
      expect(seen.filter((u) => u.email.includes(tag)).map((u) => u.email)).toEqual(tagged.map((u) => u.email));
    });

    it("pages through search results", async () => {
      const emails: string[] = [];
      for (const page of [1, 2, 3]) {
        const res = await list(`?q=${tag.toUpperCase()}&page=${page}&pageSize=10`);
        expect(res.status).toBe(200);
        expect(res.body).toMatchObject({ total: 30, page, pageSize: 10 });
        expect(res.body.users).toHaveLength(10);
        emails.push(...res.body.users.map((u: Row) => u.email));
      }
      expect(emails).toEqual(tagged.map((u) => u.email));

      // A narrower search (e-mails pager-<tag>-1x) pages on its own total.
      const narrow = `pager-${tag}-1`;
      const sizes = [];
      const found: string[] = [];
      for (const page of [1, 2, 3]) {
        const res = await list(`?q=${narrow}&page=${page}&pageSize=4`);
        expect(res.body).toMatchObject({ total: 10, page, pageSize: 4 });
        sizes.push(res.body.users.length);
        found.push(...res.body.users.map((u: Row) => u.email));
      }
      expect(sizes).toEqual([4, 4, 2]);
      expect(found).toEqual(tagged.filter((u) => u.email.startsWith(narrow)).map((u) => u.email));
    });

    it("a page past the end is empty and still tells the total", async () => {
      const res = await list(`?q=${tag}&page=4&pageSize=10`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ users: [], total: 30, page: 4, pageSize: 10 });
      const far = await list(`?page=99999&pageSize=100`);
      expect(far.status).toBe(200);
      expect(far.body).toMatchObject({ users: [], total: await countRows(t.db, userTable), page: 99999 });
      // Blank values are refused (leave a parameter out to mean "not given").
      const blank = await list(`?q=${tag}&page=&pageSize=`);
      expect([blank.status, blank.body.error.fields]).toEqual([400, { page: "Leave this parameter out or give it a value.", pageSize: "Leave this parameter out or give it a value." }]);
      expect((await list(`?q=${tag}`)).body).toMatchObject({ total: 30, page: 1, pageSize: 20 });
    });

    it("rejects a bad page or page size with the standard error envelope", async () => {
      for (const [qs, fields] of [
        ["?page=0", { page: "Page must be a whole number of at least 1." }],
        ["?page=abc", { page: "Page must be a whole number of at least 1." }],
        ["?page=1.5", { page: "Page must be a whole number of at least 1." }],
        ["?pageSize=0", { pageSize: "Page size must be between 1 and 100." }],
        ["?pageSize=101", { pageSize: "Page size must be between 1 and 100." }],
        ["?page=-1&pageSize=x", { page: "Page must be a whole number of at least 1.", pageSize: "Page size must be between 1 and 100." }],
      ] as const) {
        const res = await list(qs);
        expect(res.status, qs).toBe(400);
        expect(res.body, qs).toEqual({ error: { code: "validation_error", message: Object.values(fields)[0], fields } });
      }
    });
  });

  it("rejects an over-long search", async () => {
    const res = await t.call("GET", `/api/admin/users?q=${"x".repeat(101)}`, { cookie: admin.cookie });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.q).toBe("Search text must be at most 100 characters.");
  });
});

describe("PATCH /api/admin/users/:id", () => {
  it("edits name, phone and role, and writes an audit entry with before and after", async () => {
    const { user } = await t.userWithSession({ fullName: "Rita Role" });
    const res = await t.call("PATCH", `/api/admin/users/${user.id}`, {
      cookie: admin.cookie,
      json: { fullName: "Rita Valet", phone: "3105550100", role: "valet", status: "active" },
    });
    expect(res.status).toBe(200);
    // Stored in E.164.
    expect(res.body.user).toMatchObject({ fullName: "Rita Valet", phone: "+13105550100", role: "valet", status: "active" });
    const [audit] = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, user.id));
    expect(audit).toMatchObject({
      action: "user.update",
      entity: "user",
      actorId: admin.user.id,
      actorEmail: admin.user.email,
      before: { fullName: "Rita Role", phone: null, role: "user" },
      after: { fullName: "Rita Valet", phone: "+13105550100", role: "valet" },
    });
  });

  it("deactivating signs the user out everywhere and blocks their session; reactivating lets them sign in", async () => {
    const target = await t.userWithSession({ fullName: "Ian Inactive" });
    expect((await t.call("GET", "/api/me/profile", { cookie: target.cookie })).status).toBe(200);
    const res = await t.call("PATCH", `/api/admin/users/${target.user.id}`, { cookie: admin.cookie, json: { status: "inactive" } });
    expect(res.status).toBe(200);
    expect(res.body.user.status).toBe("inactive");
    expect(await t.db.select().from(session).where(eq(session.userId, target.user.id))).toEqual([]);
    expect((await t.call("GET", "/api/me/profile", { cookie: target.cookie })).status).toBe(401);
    await expect(t.signIn(target.user.email, target.user.password)).rejects.toThrow();

    const back = await t.call("PATCH", `/api/admin/users/${target.user.id}`, { cookie: admin.cookie, json: { status: "active" } });
    expect(back.body.user.status).toBe("active");
    await expect(t.signIn(target.user.email, target.user.password)).resolves.toContain("=");
  });

  it("an admin cannot demote or deactivate themself", async () => {
    const demote = await t.call("PATCH", `/api/admin/users/${admin.user.id}`, { cookie: admin.cookie, json: { role: "user" } });
    expect(demote.status).toBe(409);
    expect(demote.body.error).toMatchObject({ code: "self_change", message: "You cannot remove your own admin role. Ask another admin to do it." });
    const off = await t.call("PATCH", `/api/admin/users/${admin.user.id}`, { cookie: admin.cookie, json: { status: "inactive" } });
    expect(off.status).toBe(409);
    expect(off.body.error.message).toBe("You cannot deactivate your own account. Ask another admin to do it.");
    // still an active admin; editing their own name is fine
    const rename = await t.call("PATCH", `/api/admin/users/${admin.user.id}`, { cookie: admin.cookie, json: { fullName: "Ava Prime", role: "admin" } });
    expect(rename.status).toBe(200);
    expect(rename.body.user).toMatchObject({ fullName: "Ava Prime", role: "admin", status: "active" });
  });

  it("validates with the spec's messages and refuses unknown fields", async () => {
    const { user } = await t.userWithSession();
    const bad = await t.call("PATCH", `/api/admin/users/${user.id}`, {
      cookie: admin.cookie,
      json: { fullName: "A", phone: "123", role: "owner", status: "gone" },
    });
    expectFieldErrors(bad, {
      fullName: "Full name must be at least 2 characters",
      phone: "Please enter a valid phone number",
      role: "Role must be user, valet, chauffeur, dispatcher or admin.",
      status: "Status must be active or inactive.",
    });
    expect((await t.call("PATCH", `/api/admin/users/${user.id}`, { cookie: admin.cookie, json: {} })).status).toBe(400);
    expect((await t.call("PATCH", `/api/admin/users/${user.id}`, { cookie: admin.cookie, json: { banned: true } })).body.error.fields).toMatchObject({
      banned: "Unknown field.",
    });
    expect((await t.call("PATCH", `/api/admin/users/${user.id}`, { cookie: admin.cookie, body: "{nope" })).body.error.code).toBe("invalid_json");
  });

  it("404s an unknown user", async () => {
    const res = await t.call("PATCH", "/api/admin/users/no-such-user", { cookie: admin.cookie, json: { role: "valet" } });
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe("User not found.");
  });
});

describe("POST /api/admin/users", () => {
  it("creates a verified account, e-mails a set-password link that works, and audits it", async () => {
    const email = `new.hire.${Date.now()}@example.com`;
    const res = await t.call("POST", "/api/admin/users", { cookie: admin.cookie, json: { fullName: "Nina New", email: email.toUpperCase(), role: "valet" } });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ fullName: "Nina New", email, role: "valet", status: "active", emailVerified: true });

    const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(mail?.subject).toBe("Your Meridian account");
    const link = mail!.text.match(/https?:\/\/\S+/)![0];
    expect(link.startsWith("http://localhost:3000/reset-password?token=")).toBe(true);
    expect(new URL(link).searchParams.get("welcome")).toBe("1"); // the page greets a new account (no "every device" warning)
    const token = new URL(link).searchParams.get("token");

    const reset = await t.call("POST", "/api/auth/reset-password", { json: { newPassword: "chosen-password-1", token } });
    expect(reset.status).toBe(200);
    await expect(t.signIn(email, "chosen-password-1")).resolves.toContain("=");

    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, res.body.user.id));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "user.create", after: { email, role: "valet", fullName: "Nina New" } });
  });

  it("refuses a duplicate e-mail with 409", async () => {
    const { user } = await t.userWithSession();
    const res = await t.call("POST", "/api/admin/users", { cookie: admin.cookie, json: { fullName: "Dup", email: user.email, role: "user" } });
    expect(res.status).toBe(409);
    expect(res.body.error).toMatchObject({ code: "email_taken", message: "An account with this e-mail already exists." });
  });

  it("validates the input", async () => {
    const res = await t.call("POST", "/api/admin/users", { cookie: admin.cookie, json: { fullName: "", email: "nope", role: "root" } });
    expectFieldErrors(res, {
      fullName: "Full name must be at least 2 characters",
      email: "Invalid email address",
      role: "Role must be user, valet, chauffeur, dispatcher or admin.",
    });
  });
});
