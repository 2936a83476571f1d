import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { session, user } from "../db/schema";
import { createTestApp, type TestApp } from "../test/harness";
import { lookupSessionUser } from "../lib/session-lookup";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const lookup = (cookie: string, extra: Record<string, string> = {}) => lookupSessionUser(t.deps, new Headers({ cookie, ...extra }));
const betterAuth = async (cookie: string) => (await t.deps.auth.api.getSession({ headers: new Headers({ cookie }) }))?.user ?? null;

describe("the one-query session lookup", () => {
  it("finds the same user as better-auth for a signed-in browser", async () => {
    const { user: created, cookie } = await t.userWithSession({ fullName: "Grace Hopper", phone: "3105550100" });
    const fast = await lookup(cookie);
    const slow = await betterAuth(cookie);
    expect(fast).toMatchObject({ id: created.id, email: created.email, name: "Grace Hopper", phone: "3105550100", role: "user", banned: false });
    expect(JSON.parse(JSON.stringify(fast))).toEqual(JSON.parse(JSON.stringify(slow)));
  });

  it("signs nobody in with a tampered or foreign-signed cookie, as better-auth", async () => {
    const { cookie } = await t.userWithSession();
    const [name, value] = cookie.split("=") as [string, string];
    const [token] = decodeURIComponent(value).split(".");
    const forged = `${name}=${encodeURIComponent(`${token}.${Buffer.alloc(32, 7).toString("base64")}`)}`;
    expect(await lookup(forged)).toBeNull();
    expect(await betterAuth(forged)).toBeNull();
    expect(await lookup(`${name}=${token}`)).toBeNull(); // unsigned
  });

  it("signs nobody in once the session is signed out, or the account deactivated", async () => {
    const a = await t.userWithSession();
    expect(await lookup(a.cookie)).not.toBeNull();
    expect((await t.call("POST", "/api/auth/sign-out", { cookie: a.cookie })).status).toBe(200);
    expect(await lookup(a.cookie)).toBeNull();

    const b = await t.userWithSession();
    await t.db.update(user).set({ banned: true }).where(eq(user.id, b.user.id));
    expect(await lookup(b.cookie)).toBeNull();
    expect((await t.call("GET", "/api/me/bookings", { cookie: b.cookie })).status).toBe(401);
  });

  it("leaves bearer tokens, expired sessions and sessions due for refresh to better-auth", async () => {
    const { user: created, cookie } = await t.userWithSession();
    expect(await lookup(cookie, { authorization: "Bearer x" })).toBeUndefined();
    // Due for refresh: created more than a day ago (updateAge), so better-auth extends it.
    const longAgo = new Date(Date.now() + 29 * 24 * 3600_000 - 60_000);
    await t.db.update(session).set({ expiresAt: longAgo }).where(eq(session.userId, created.id));
    expect(await lookup(cookie)).toBeUndefined();
    expect((await t.call("GET", "/api/me/bookings", { cookie })).status).toBe(200);
    const [refreshed] = await t.db.select().from(session).where(eq(session.userId, created.id));
    expect(refreshed!.expiresAt.getTime()).toBeGreaterThan(longAgo.getTime());
    expect(await lookup(cookie)).toMatchObject({ id: created.id });
    // Expired: better-auth answers (nobody).
    await t.db.update(session).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(session.userId, created.id));
    expect(await lookup(cookie)).toBeUndefined();
    expect((await t.call("GET", "/api/me/bookings", { cookie })).status).toBe(401);
  });
});

describe("the session lookups of a moment, read together", () => {
  it("answers each request with its own user when many arrive at once: signed in, signed out, deactivated, the same twice", async () => {
    const people = await Promise.all(Array.from({ length: 8 }, (_, i) => t.userWithSession({ fullName: `Batch Person ${i}` })));
    const out = people[5]!;
    expect((await t.call("POST", "/api/auth/sign-out", { cookie: out.cookie })).status).toBe(200);
    const banned = people[6]!;
    await t.db.update(user).set({ banned: true }).where(eq(user.id, banned.user.id));
    // One turn of the event loop: the first is read alone, the others wait for it and are read in one query.
    const cookies = [...people.map((p) => p.cookie), people[2]!.cookie];
    const found = await Promise.all(cookies.map((cookie) => lookup(cookie)));
    expect(found.map((u) => u?.id ?? null)).toEqual([...people.map((p) => (p === out || p === banned ? null : p.user.id)), people[2]!.user.id]);
    const ids = await Promise.all(cookies.map(async (cookie) => (await t.call("GET", "/api/me/profile", { cookie })).status));
    expect(ids).toEqual(cookies.map((c) => (c === out.cookie || c === banned.cookie ? 401 : 200)));
  });
});

describe("a Bearer token beside a session cookie (issue 21)", () => {
  it("an invalid Bearer token does not override a valid cookie: the cookie's user is signed in", async () => {
    const { user: created, cookie } = await t.userWithSession();
    for (const authorization of ["Bearer junk", "Bearer ", `Bearer ${"a".repeat(40)}.${"b".repeat(43)}=`, "Basic Zm9vOmJhcg=="]) {
      const res = await t.call("GET", "/api/me/profile", { cookie, headers: { authorization } });
      expect({ authorization, status: res.status }).toEqual({ authorization, status: 200 });
      expect(res.body.profile?.email ?? res.body.email).toBe(created.email);
    }
  });

  it("a valid Bearer token is its own user, whatever cookie comes with it", async () => {
    const alice = await t.userWithSession();
    const bob = await t.userWithSession();
    const signIn = await t.app.request("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: bob.user.email, password: bob.user.password }),
    });
    const token = signIn.headers.get("set-auth-token")!;
    const res = await t.call("GET", "/api/me/profile", { cookie: alice.cookie, headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.body.profile?.email ?? res.body.email).toBe(bob.user.email);
  });
});
