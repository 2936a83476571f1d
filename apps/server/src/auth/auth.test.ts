// Accounts end to end through the HTTP API, as the web client and an e-mail reader would use them.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { account, session, user } from "../db/schema";
import { cookieFrom, countRows, expectFieldErrors, linkIn, outboxFor } from "../test/helpers";
import { createTestApp, type TestApp } from "../test/harness";
import { INACTIVE_MESSAGE } from "./auth";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const email = (tag: string) => `${tag}-${Date.now().toString(36)}-${n++}@example.com`;

const signUp = (body: Record<string, unknown>) => t.call("POST", "/api/auth/sign-up/email", { json: body });
const signIn = (mail: string, password: string) => t.call("POST", "/api/auth/sign-in/email", { json: { email: mail, password } });
const profile = (cookie: string) => t.call("GET", "/api/me/profile", { cookie });

async function usersWithEmail(mail: string) {
  return t.db.select().from(user).where(eq(user.email, mail.toLowerCase()));
}

/** Signs up and follows the verification link, like a new customer would. */
async function verifiedSignUp(mail: string, password = "velvet-rope-9") {
  expect((await signUp({ name: "Grace Kelly", email: mail, password })).status).toBe(200);
  const [mailMsg] = await outboxFor(t.db, mail);
  const verify = await t.app.request(linkIn(mailMsg!).path);
  expect(verify.status).toBe(302);
  return password;
}

describe("sign-up", () => {
  it("refuses a short name, a bad e-mail and a short password with the spec's messages and writes nothing", async () => {
    const before = await countRows(t.db, user);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "A", email: email("short-name"), password: "long-enough-1" }, "fullName", "Full name must be at least 2 characters"],
      [{ name: "Ada Lovelace", email: "not-an-email", password: "long-enough-1" }, "email", "Invalid email address"],
      [{ name: "Ada Lovelace", email: email("short-pw"), password: "short" }, "password", "Password must be at least 8 characters"],
    ];
    for (const [body, field, message] of cases) {
      const res = await signUp(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(res.body.error.message).toBe(message);
      expect(res.body.error.fields[field]).toBe(message);
    }
    // All three wrong at once: every field says what is wrong.
    const all = await signUp({ name: "", email: "nope", password: "1" });
    expectFieldErrors(all, {
      fullName: "Full name must be at least 2 characters",
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
    });
    expect(await countRows(t.db, user)).toBe(before);
    expect(await outboxFor(t.db, "not-an-email")).toHaveLength(0);
  });

  it("stores a user with role user, sends a verification e-mail, and only a verified user can sign in", async () => {
    const mail = email("Ada.Verify");
    const res = await signUp({ name: "Ada Lovelace", email: mail, password: "analytical-engine" });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ name: "Ada Lovelace", email: mail.toLowerCase(), emailVerified: false });
    expect(res.headers.getSetCookie()).toEqual([]); // not signed in before verifying

    const [row] = await usersWithEmail(mail);
    expect(row).toMatchObject({ name: "Ada Lovelace", role: "user", banned: false, emailVerified: false });

    const inbox = await outboxFor(t.db, mail);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]!.subject).toBe("Verify your Meridian account");
    expect(inbox[0]!.text).toContain("Welcome to Meridian, Ada Lovelace.");
    const link = linkIn(inbox[0]!);
    expect(link.url.origin).toBe("http://localhost:3000");
    expect(link.url.pathname).toBe("/api/auth/verify-email");
    expect(inbox[0]!.html).toContain(link.url.pathname);

    const early = await signIn(mail, "analytical-engine");
    expect(early.status).toBe(403);
    expect(early.body.error.code).toBe("email_not_verified");
    expect(early.headers.getSetCookie()).toEqual([]);

    const verify = await t.app.request(link.path);
    expect(verify.status).toBe(302);
    expect(verify.headers.get("location")).toBe("/");
    expect((await usersWithEmail(mail))[0]!.emailVerified).toBe(true);

    const ok = await signIn(mail, "analytical-engine");
    expect(ok.status).toBe(200);
    expect(ok.body.user).toMatchObject({ email: mail.toLowerCase(), emailVerified: true });
    const me = await profile(cookieFrom(ok.headers));
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ fullName: "Ada Lovelace", role: "user", status: "active", emailVerified: true });
  });

  it("a tampered verification link does not verify the account", async () => {
    const mail = email("tamper");
    await signUp({ name: "Tamper Test", email: mail, password: "analytical-engine" });
    const link = linkIn((await outboxFor(t.db, mail))[0]!);
    const token = link.url.searchParams.get("token")!;
    const bad = await t.app.request(`/api/auth/verify-email?token=${token.slice(0, -3)}xyz`);
    expect(bad.status).toBeGreaterThanOrEqual(300);
    expect(bad.status).toBeLessThan(500);
    expect((await usersWithEmail(mail))[0]!.emailVerified).toBe(false);
    expect((await signIn(mail, "analytical-engine")).status).toBe(403);
  });

  it("answers a sign-up with a taken e-mail (any case) exactly like a new one, e-mails the owner instead, and keeps the account intact", async () => {
    const mail = email("dup");
    await verifiedSignUp(mail, "first-password");
    const fresh = email("fresh-twin");
    const [again, brandNew] = [await signUp({ name: "Impostor", email: mail.toUpperCase(), password: "second-password" }), await signUp({ name: "Impostor", email: fresh, password: "second-password" })];
    // Same status, same body shape and values (but the address and the random id), no cookie on either.
    expect(again.status).toBe(200);
    expect(brandNew.status).toBe(200);
    const shape = (body: { user: Record<string, unknown> }, address: string) => ({ ...body, user: { ...body.user, id: typeof body.user.id, email: body.user.email === address.toLowerCase(), createdAt: typeof body.user.createdAt, updatedAt: typeof body.user.updatedAt } });
    expect(shape(again.body, mail)).toEqual(shape(brandNew.body, fresh));
    expect(again.headers.getSetCookie()).toEqual(brandNew.headers.getSetCookie());
    // The owner is told, once; no verification link reaches the address (it would sign nobody new in).
    const inbox = await outboxFor(t.db, mail);
    const notice = inbox.filter((m) => m.subject === "Someone tried to sign up with your address");
    expect(notice).toHaveLength(1);
    expect(notice[0]!.text).toContain("Someone tried to create a Meridian account with your e-mail address");
    expect(notice[0]!.text).toContain("reset your password");
    expect(inbox.filter((m) => m.subject === "Verify your Meridian account")).toHaveLength(1); // the owner's own, from before
    // The account is untouched: one row, the first name, the first password.
    const rows = await usersWithEmail(mail);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe("Grace Kelly");
    expect((await signIn(mail, "first-password")).status).toBe(200);
    expect((await signIn(mail, "second-password")).status).toBe(401);
  });

  it("takes about as long for a taken e-mail as for a new one (no timing tell)", async () => {
    const taken = email("timing-taken");
    await verifiedSignUp(taken, "first-password");
    const time = async (address: string) => {
      const started = performance.now();
      expect((await signUp({ name: "Timing Probe", email: address, password: "probe-password" })).status).toBe(200);
      return performance.now() - started;
    };
    const takenTimes: number[] = [];
    const newTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      takenTimes.push(await time(taken));
      newTimes.push(await time(email("timing-new")));
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2]!;
    const ratio = median(takenTimes) / median(newTimes);
    expect(ratio, `taken ${median(takenTimes).toFixed(1)} ms, new ${median(newTimes).toFixed(1)} ms`).toBeGreaterThan(0.4);
    expect(ratio, `taken ${median(takenTimes).toFixed(1)} ms, new ${median(newTimes).toFixed(1)} ms`).toBeLessThan(2.5);
  });

  it("ignores an attempt to sign up as an admin", async () => {
    const mail = email("sneaky");
    const res = await signUp({ name: "Sneaky Pete", email: mail, password: "analytical-engine", role: "admin" });
    expect(res.status).toBeGreaterThanOrEqual(200);
    expect(res.status).toBeLessThan(500);
    const rows = await usersWithEmail(mail);
    expect(rows.every((r) => r.role === "user")).toBe(true);
  });
});

describe("sign-in, session and sign-out", () => {
  it("signs in, keeps the session for get-session and the API, and signs out", async () => {
    const mail = email("session");
    const password = await verifiedSignUp(mail);

    const bad = await signIn(mail, "wrong-password");
    expect(bad.status).toBe(401);
    expect(bad.body.error).toMatchObject({ code: "invalid_email_or_password", message: "Invalid email or password" });
    expect(bad.headers.getSetCookie()).toEqual([]);
    expect((await signIn(`nobody-${mail}`, password)).body.error.code).toBe("invalid_email_or_password");

    const ok = await signIn(mail.toUpperCase(), password);
    expect(ok.status).toBe(200);
    const cookie = cookieFrom(ok.headers);
    expect(cookie).toContain("better-auth.session_token=");
    const setCookie = ok.headers.getSetCookie().join("\n");
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);

    const got = await t.call("GET", "/api/auth/get-session", { cookie });
    expect(got.status).toBe(200);
    expect(got.body.user).toMatchObject({ email: mail.toLowerCase(), name: "Grace Kelly", role: "user" });
    expect(got.body.session.userId).toBe(got.body.user.id);

    expect((await profile(cookie)).status).toBe(200);
    expect((await t.call("GET", "/api/auth/get-session")).body).toBeNull();

    const out = await t.call("POST", "/api/auth/sign-out", { cookie, json: {} });
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().join("\n")).toMatch(/better-auth\.session_token=;.*Max-Age=0/);
    // A client that kept the old cookie is signed out too.
    expect((await t.call("GET", "/api/auth/get-session", { cookie })).body).toBeNull();
    expect((await profile(cookie)).status).toBe(401);
    const [row] = await usersWithEmail(mail);
    expect(await t.db.select().from(session).where(eq(session.userId, row!.id))).toHaveLength(0);
  });

  it("an inactive (banned) user cannot sign in and is told why", async () => {
    const mail = email("inactive");
    const password = await verifiedSignUp(mail);
    await t.db.update(user).set({ banned: true }).where(eq(user.email, mail));
    const res = await signIn(mail, password);
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("banned_user");
    expect(res.body.error.message).toBe(INACTIVE_MESSAGE);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it("a user deactivated while signed in loses access", async () => {
    const { user: u, cookie } = await t.userWithSession();
    expect((await profile(cookie)).status).toBe(200);
    await t.db.update(user).set({ banned: true }).where(eq(user.id, u.id));
    expect((await profile(cookie)).status).toBe(401);
  });
});

describe("password reset", () => {
  const requestReset = (mail: string) =>
    t.call("POST", "/api/auth/request-password-reset", { json: { email: mail, redirectTo: "/reset-password" } });

  it("works end to end: e-mail link -> token -> new password; the old password and old sessions stop working", async () => {
    const mail = email("reset");
    const oldPassword = await verifiedSignUp(mail, "old-password-1");
    const oldCookie = cookieFrom((await signIn(mail, oldPassword)).headers);
    expect((await profile(oldCookie)).status).toBe(200);

    const req = await requestReset(mail);
    expect(req.status).toBe(200);
    const inbox = await outboxFor(t.db, mail);
    expect(inbox[0]!.subject).toBe("Reset your Meridian password");
    const link = linkIn(inbox[0]!);
    expect(link.url.origin).toBe("http://localhost:3000");

    // The e-mail link lands on the web app's set-new-password screen with the token.
    const follow = await t.app.request(link.path);
    expect(follow.status).toBe(302);
    const landing = new URL(follow.headers.get("location")!);
    expect(landing.origin + landing.pathname).toBe("http://localhost:3000/reset-password");
    const token = landing.searchParams.get("token");
    expect(token).toBeTruthy();

    const tooShort = await t.call("POST", "/api/auth/reset-password", { json: { newPassword: "short", token } });
    expect(tooShort.status).toBe(400);
    expect(tooShort.body.error.message).toBe("Password must be at least 8 characters");

    const reset = await t.call("POST", "/api/auth/reset-password", { json: { newPassword: "new-password-2", token } });
    expect(reset.status).toBe(200);

    expect((await signIn(mail, oldPassword)).status).toBe(401);
    expect((await signIn(mail, "new-password-2")).status).toBe(200);
    // The session from before the reset is revoked, also for a client that kept both cookies.
    expect((await profile(oldCookie)).status).toBe(401);
    expect((await t.call("GET", "/api/auth/get-session", { cookie: oldCookie })).body).toBeNull();

    // The token is single-use.
    const reuse = await t.call("POST", "/api/auth/reset-password", { json: { newPassword: "third-password-3", token } });
    expect(reuse.status).toBe(400);
    expect(reuse.body.error.code).toBe("invalid_token");
    expect((await signIn(mail, "new-password-2")).status).toBe(200);
  });

  it("answers an unknown e-mail exactly like a known one and sends nothing", async () => {
    const known = email("known");
    await verifiedSignUp(known);
    const unknown = email("unknown");
    const a = await requestReset(known);
    const b = await requestReset(unknown);
    expect(b.status).toBe(a.status);
    expect(b.body).toEqual(a.body);
    expect(await outboxFor(t.db, unknown)).toHaveLength(0);
    expect((await outboxFor(t.db, known)).filter((m) => m.subject.startsWith("Reset"))).toHaveLength(1);
  });

  it("refuses a made-up token and changes nothing", async () => {
    const mail = email("fake-token");
    const password = await verifiedSignUp(mail);
    const [row] = await usersWithEmail(mail);
    const [before] = await t.db.select().from(account).where(eq(account.userId, row!.id));
    const res = await t.call("POST", "/api/auth/reset-password", { json: { newPassword: "hijacked-pass", token: "not-a-real-token" } });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("invalid_token");
    const [after] = await t.db.select().from(account).where(eq(account.userId, row!.id));
    expect(after!.password).toBe(before!.password);
    expect((await signIn(mail, password)).status).toBe(200);
  });

  it("a reset link for an invalid token lands on the web app with an error, not a crash", async () => {
    const res = await t.app.request("/api/auth/reset-password/bogus-token?callbackURL=%2Freset-password");
    expect(res.status).toBe(302);
    const to = new URL(res.headers.get("location")!);
    expect(to.pathname).toBe("/reset-password");
    expect(to.searchParams.get("error")).toBe("INVALID_TOKEN");
  });
});
