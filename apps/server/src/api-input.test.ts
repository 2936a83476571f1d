// Bad input against every account, profile, newsletter, quote and booking endpoint: malformed JSON,
// arrays, wrong types, huge strings, NUL characters, unknown fields, wrong content types. The answer is
// always a 4xx with { error: { code, message } } (never a 5xx), and nothing is written.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  account,
  bookings,
  idempotencyKeys,
  newsletterSubscriptions,
  outboxEmails,
  rateLimit,
  session,
  tickets,
  user,
  verification,
} from "./db/schema";
import { createFakeGeo } from "./test/fake-geo";
import { countRows, expectFieldErrors } from "./test/helpers";
import { createTestApp, type TestApp } from "./test/harness";
import { createTestFleet, giveCapacityForDays, rideInput } from "./test/factories";

let t: TestApp;
let cookie: string;
let profileBefore: unknown;
/** Valid quote and booking bodies; filled in once the fleet exists. */
const quoteValid: Record<string, unknown> = {};
const bookingValid: Record<string, unknown> = { service: "ride", paymentMethod: "pm_card_visa" };
beforeAll(async () => {
  t = await createTestApp({}, { geo: createFakeGeo() });
  // A signed-in customer for PATCH /api/me/profile and bookings, and a known account for the auth endpoints.
  ({ cookie } = await t.userWithSession({ email: "known@example.com", fullName: "Known Customer", password: "known-password-1" }));
  profileBefore = (await t.call("GET", "/api/me/profile", { cookie })).body;
  const fleet = await createTestFleet(t.db);
  await giveCapacityForDays(t);
  Object.assign(quoteValid, rideInput(fleet.sedan.id));
  bookingValid.quoteId = (await t.call("POST", "/api/quotes", { json: quoteValid })).body.quoteId;
});
afterAll(() => t.close());

const MB = "x".repeat(1024 * 1024);

type Endpoint = {
  method: string;
  path: string;
  valid: Record<string, unknown>;
  auth?: boolean;
  optional?: string[];
  /** Headers the endpoint needs besides the body's (a fresh set per request). */
  headers?: () => Record<string, string>;
};
const freshKey = () => ({ "Idempotency-Key": crypto.randomUUID() });
const endpoints: Endpoint[] = [
  { method: "POST", path: "/api/auth/sign-up/email", valid: { name: "New Customer", email: "new-customer@example.com", password: "a-good-password" } },
  { method: "POST", path: "/api/auth/sign-in/email", valid: { email: "known@example.com", password: "known-password-1" } },
  { method: "POST", path: "/api/auth/request-password-reset", valid: { email: "known@example.com", redirectTo: "/reset-password" }, optional: ["redirectTo"] },
  { method: "POST", path: "/api/auth/reset-password", valid: { newPassword: "another-password", token: "abcdefghijklmnopqrstuvwx" } },
  { method: "POST", path: "/api/auth/send-verification-email", valid: { email: "known@example.com", callbackURL: "/?verified=1" }, optional: ["callbackURL"] },
  { method: "PATCH", path: "/api/me/profile", valid: { fullName: "Changed Name", phone: "3105550100" }, auth: true, optional: ["phone"] },
  { method: "POST", path: "/api/newsletter", valid: { email: "fan@example.com" } },
  { method: "POST", path: "/api/quotes", valid: quoteValid },
  { method: "POST", path: "/api/bookings", valid: bookingValid, auth: true, optional: ["paymentRef"], headers: freshKey },
];

/** Everything a bad client could send for one endpoint: [label, raw body, content-type]. */
function badBodies(e: Endpoint): [string, string | undefined, string | undefined][] {
  const json = (v: unknown) => JSON.stringify(v);
  const cases: [string, string | undefined, string | undefined][] = [
    ["malformed JSON", '{"email": "a@b.c", ', "application/json"],
    ["truncated JSON", "{", "application/json"],
    ["not JSON at all", "hello there", "application/json"],
    ["empty body", "", "application/json"],
    ["no body", undefined, "application/json"],
    ["JSON null", "null", "application/json"],
    ["JSON number", "42", "application/json"],
    ["JSON string", json("known@example.com"), "application/json"],
    ["JSON array", json([e.valid]), "application/json"],
    ["empty array", "[]", "application/json"],
    ["empty object", "{}", "application/json"],
    ["unknown field", json({ ...e.valid, isAdmin: true }), "application/json"],
    ["prototype pollution", `{"__proto__": {"role": "admin"}, ${json(e.valid).slice(1, -1)}, "constructor": {"prototype": {"x": 1}}}`, "application/json"],
    ["1 MB extra field", json({ ...e.valid, padding: MB }), "application/json"],
    ["form-encoded", new URLSearchParams(Object.entries(e.valid).map(([k, v]) => [k, String(v)] as [string, string])).toString(), "application/x-www-form-urlencoded"],
    ["text/plain", json(e.valid), "text/plain"],
    ["no content-type", json(e.valid), undefined],
    ["multipart", `--b\r\nContent-Disposition: form-data; name="email"\r\n\r\nknown@example.com\r\n--b--\r\n`, "multipart/form-data; boundary=b"],
  ];
  for (const field of Object.keys(e.valid)) {
    for (const [label, value] of [
      ["a number", 12345678],
      ["null", null],
      ["an object", { $gt: "" }],
      ["an array", ["a@b.c"]],
      ["true", true],
      ["1 MB string", MB],
      ["1 MB e-mail", `${MB}@example.com`],
      ["its value with a NUL character", `${String(e.valid[field])}\u0000`],
      ["a lone NUL character", "\u0000"],
      ["half of a surrogate pair", `${String(e.valid[field])}\ud800`],
    ] as const) {
      cases.push([`${field} is ${label}`, json({ ...e.valid, [field]: value }), "application/json"]);
    }
    const { [field]: _omitted, ...rest } = e.valid;
    if (!e.optional?.includes(field)) cases.push([`${field} missing`, json(rest), "application/json"]);
  }
  return cases;
}

async function snapshot() {
  return {
    users: await countRows(t.db, user),
    accounts: await countRows(t.db, account),
    sessions: await countRows(t.db, session),
    verifications: await countRows(t.db, verification),
    subscriptions: await countRows(t.db, newsletterSubscriptions),
    emails: await countRows(t.db, outboxEmails),
    bookings: await countRows(t.db, bookings),
    tickets: await countRows(t.db, tickets),
    idempotencyKeys: await countRows(t.db, idempotencyKeys),
  };
}

describe.each(endpoints)("$method $path", (e) => {
  it("answers every bad body with a 4xx error envelope and writes nothing", async () => {
    const before = await snapshot();
    const failures: string[] = [];
    for (const [label, body, type] of badBodies(e)) {
      const headers: Record<string, string> = { ...e.headers?.() };
      if (type) headers["content-type"] = type;
      if (e.auth) headers.cookie = cookie;
      headers.origin = "http://localhost:3000";
      await t.db.delete(rateLimit); // every request must reach validation, not the rate limiter
      const res = await t.app.request(e.path, { method: e.method, headers, body });
      const text = await res.text();
      let parsed: any = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      const ok =
        res.status >= 400 &&
        res.status < 500 &&
        typeof parsed?.error?.code === "string" &&
        typeof parsed?.error?.message === "string" &&
        parsed.error.message.length > 0 &&
        parsed.error.message.length < 500;
      if (!ok) failures.push(`${label}: ${res.status} ${text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);
    expect(await snapshot()).toEqual(before);
    expect((await t.call("GET", "/api/me/profile", { cookie })).body).toEqual(profileBefore);
  });
});

describe("field errors say which field is wrong", () => {
  it("wrong types get the spec's messages under the field", async () => {
    const res = await t.call("POST", "/api/auth/sign-up/email", { json: { name: 42, email: null, password: { a: 1 } } });
    expectFieldErrors(res, {
      fullName: "Full name must be at least 2 characters",
      email: "Invalid email address",
      password: "Password must be at least 8 characters",
    });
  });

  it("a NUL character is refused under its field, in bodies and queries alike, before the database sees it", async () => {
    const profile = await t.call("PATCH", "/api/me/profile", { cookie, json: { fullName: "Known\u0000Customer", phone: "3105550100" } });
    expectFieldErrors(profile, { fullName: "This text contains a character that is not allowed (NUL)." });
    const signUp = await t.call("POST", "/api/auth/sign-up/email", { json: { name: "Nul\u0000Name", email: "nul@example.com", password: "a-good-password" } });
    expectFieldErrors(signUp, { fullName: "This text contains a character that is not allowed (NUL)." });
    const { cookie: adminCookie } = await t.userWithSession({ role: "admin" });
    for (const path of ["/api/admin/users?q=a%00b", "/api/admin/bookings?q=%00", "/api/admin/tickets?q=%00", "/api/places/suggest?q=LA%00X"]) {
      const res = await t.call("GET", path, { cookie: adminCookie });
      expect(res.status, path).toBe(400);
      expect(res.body.error.fields, path).toEqual({ q: "This text contains a character that is not allowed (NUL)." });
    }
    expect((await t.call("GET", "/api/me/profile", { cookie })).body).toEqual(profileBefore);
  });

  it("a deeply nested body is a 400, not a crash, and every endpoint still answers", async () => {
    const deep = (inner: string) => `{"fullName":"Deep Nest","phone":${"[".repeat(25_000)}${inner}${"]".repeat(25_000)}}`;
    for (const body of [deep(""), deep('"a\\u0000b"')]) {
      const res = await t.call("PATCH", "/api/me/profile", { cookie, body });
      expect(res.status).toBe(400);
      expect(res.body.error.fields.phone).toBeTruthy();
    }
    const signUp = await t.call("POST", "/api/auth/sign-up/email", { body: `{"name":${"[".repeat(25_000)}${"]".repeat(25_000)}}` });
    expect(signUp.status).toBe(400);
    expect((await t.call("GET", "/api/me/profile", { cookie })).body).toEqual(profileBefore);
  });

  it("unknown fields are named", async () => {
    const res = await t.call("POST", "/api/newsletter", { json: { email: "fan@example.com", source: "footer" } });
    expectFieldErrors(res, { source: "Unknown field." });
  });

  it("a field or query parameter named like an object's own members is unknown like any other, and named", async () => {
    for (const name of ["constructor", "__proto__", "toString"]) {
      const body = await t.call("POST", "/api/newsletter", { body: `{"email":"fan@example.com",${JSON.stringify(name)}:1}` });
      expect(body.status, name).toBe(400);
      expect(body.body.error.fields, name).toEqual(JSON.parse(`{${JSON.stringify(name)}:"Unknown field."}`));
      const query = await t.call("GET", `/api/me/profile?${name}=1`, { cookie });
      expect(query.status, name).toBe(400);
      expect(query.body.error.fields, name).toEqual(JSON.parse(`{${JSON.stringify(name)}:"Unknown query parameter."}`));
    }
    const { cookie: adminCookie } = await t.userWithSession({ role: "admin" });
    const search = await t.call("GET", "/api/admin/users?__proto__=x", { cookie: adminCookie });
    expect(search.status).toBe(400);
  });

  it("a user id with a NUL character is not found, not a 500", async () => {
    const { cookie: adminCookie } = await t.userWithSession({ role: "admin" });
    for (const id of ["a%00b", "%00", "x".repeat(300)]) {
      const res = await t.call("PATCH", `/api/admin/users/${id}`, { cookie: adminCookie, json: { fullName: "Some Body" } });
      expect(res.status, id).toBe(404);
      expect(res.body.error).toMatchObject({ code: "not_found", message: "User not found." });
    }
  });

  it("a body over 64 KB is refused before it is read", async () => {
    const res = await t.call("POST", "/api/auth/sign-in/email", { json: { email: "known@example.com", password: MB } });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe("payload_too_large");
  });
});

describe("only the account endpoints Meridian uses are reachable", () => {
  it("better-auth's other endpoints (profile edits, admin plugin, account deletion) answer 404", async () => {
    const { cookie: adminCookie } = await t.userWithSession({ role: "admin" });
    const before = await snapshot();
    const attempts: [string, string, unknown][] = [
      ["POST", "/api/auth/update-user", { name: "" }],
      ["POST", "/api/auth/change-email", { newEmail: "other@example.com" }],
      ["POST", "/api/auth/delete-user", {}],
      ["POST", "/api/auth/admin/set-role", { userId: "x", role: "admin" }],
      ["POST", "/api/auth/admin/ban-user", { userId: "x" }],
      ["POST", "/api/auth/admin/impersonate-user", { userId: "x" }],
      ["POST", "/api/auth/admin/create-user", { email: "made@example.com", password: "password-123", name: "Made Up" }],
      ["GET", "/api/auth/admin/list-users", undefined],
      ["GET", "/api/auth/list-sessions", undefined],
      ["POST", "/api/auth/sign-in/social", { provider: "google" }],
    ];
    for (const [method, path, json] of attempts) {
      for (const who of [cookie, adminCookie]) {
        const res = await t.call(method, path, { json, cookie: who });
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.body.error.code).toBe("not_found");
      }
    }
    expect(await snapshot()).toEqual(before);
    expect((await t.call("GET", "/api/me/profile", { cookie })).body).toEqual(profileBefore);
  });

  it("sign-out works with or without an empty JSON body", async () => {
    const { cookie: c1 } = await t.userWithSession();
    const a = await t.app.request("/api/auth/sign-out", { method: "POST", headers: { cookie: c1, origin: "http://localhost:3000" } });
    expect(a.status).toBe(200);
    const { cookie: c2 } = await t.userWithSession();
    expect((await t.call("POST", "/api/auth/sign-out", { cookie: c2, json: {} })).status).toBe(200);
    expect((await t.call("GET", "/api/me/profile", { cookie: c2 })).status).toBe(401);
  });

  it("a POST with the session cookie from another site is refused (CSRF)", async () => {
    const { cookie: c } = await t.userWithSession();
    const res = await t.call("POST", "/api/auth/sign-out", { cookie: c, json: {}, headers: { origin: "https://evil.example" } });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe("cross_origin");
    expect((await t.call("GET", "/api/me/profile", { cookie: c })).status).toBe(200);
  });
});

describe("redirects stay on this site", () => {
  it("a password reset cannot be pointed at another site, and no e-mail is sent", async () => {
    const before = await countRows(t.db, outboxEmails);
    const res = await t.call("POST", "/api/auth/request-password-reset", {
      json: { email: "known@example.com", redirectTo: "https://evil.example/steal" },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.error.code).toBeTruthy();
    expect(await countRows(t.db, outboxEmails)).toBe(before);
  });

  it("a sign-up cannot set a verification callback on another site", async () => {
    const before = await snapshot();
    const res = await t.call("POST", "/api/auth/sign-up/email", {
      json: { name: "Evil Redirect", email: "evil-redirect@example.com", password: "a-good-password", callbackURL: "https://evil.example/" },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(await snapshot()).toEqual(before);
  });
});

describe("the valid bodies used above do work (so the sweep tests the right thing)", () => {
  it("accepts them", async () => {
    const ok = async (e: Endpoint) => {
      await t.db.delete(rateLimit);
      return (await t.call(e.method, e.path, { json: e.valid, cookie: e.auth ? cookie : undefined })).status;
    };
    expect(await ok(endpoints[1]!)).toBe(200); // sign-in
    expect(await ok(endpoints[2]!)).toBe(200); // request-password-reset
    expect(await ok(endpoints[4]!)).toBe(200); // send-verification-email
    expect(await ok(endpoints[5]!)).toBe(200); // profile
    expect(await ok(endpoints[6]!)).toBe(201); // newsletter
    expect(await ok(endpoints[7]!)).toBe(200); // quote
    expect((await t.call("POST", "/api/bookings", { json: bookingValid, cookie, headers: freshKey() })).status).toBe(201);
    expect(await ok(endpoints[0]!)).toBe(200); // sign-up
    expect((await t.call("POST", endpoints[3]!.path, { json: endpoints[3]!.valid })).body.error.code).toBe("invalid_token");
  });
});
