// Newsletter sign-up from the home page: stored once per address, duplicates refused with the spec's text.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newsletterSubscriptions } from "../db/schema";
import { countRows } from "../test/helpers";
import { createTestApp, type TestApp } from "../test/harness";
import { SUBSCRIBE_FAILED } from "./newsletter.routes";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const subscribe = (email: unknown) => t.call("POST", "/api/newsletter", { json: { email } });

describe("POST /api/newsletter", () => {
  it("subscribes a signed-out visitor: 201 and the address is stored (lower-cased, trimmed)", async () => {
    const res = await subscribe("  Gatsby@West-Egg.example ");
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ subscribed: true });
    const rows = await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, "gatsby@west-egg.example"));
    expect(rows).toHaveLength(1);
  });

  it("refuses the same address again, also differently cased, with 409 and the spec's text", async () => {
    expect((await subscribe("daisy@east-egg.example")).status).toBe(201);
    const before = await countRows(t.db, newsletterSubscriptions);
    for (const again of ["daisy@east-egg.example", "DAISY@East-Egg.Example", " daisy@east-egg.example"]) {
      const res = await subscribe(again);
      expect(res.status, again).toBe(409);
      expect(res.body).toEqual({ error: { code: "already_subscribed", message: SUBSCRIBE_FAILED } });
    }
    expect(SUBSCRIBE_FAILED).toBe("This email might already be subscribed, or an error occurred.");
    expect(await countRows(t.db, newsletterSubscriptions)).toBe(before);
  });

  it("refuses an invalid address with 400 'Invalid email address' under the field, storing nothing", async () => {
    const before = await countRows(t.db, newsletterSubscriptions);
    for (const bad of ["", "not-an-email", "a@", "@b.com", "a b@c.com", `${"x".repeat(250)}@example.com`]) {
      const res = await subscribe(bad);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.code).toBe("validation_error");
      expect(res.body.error.fields.email).toBe("Invalid email address");
    }
    expect((await t.call("POST", "/api/newsletter", { json: {} })).status).toBe(400);
    expect(await countRows(t.db, newsletterSubscriptions)).toBe(before);
  });

  it("does not need a session, and a signed-in customer can subscribe too", async () => {
    const { user, cookie } = await t.userWithSession();
    const res = await t.call("POST", "/api/newsletter", { json: { email: user.email }, cookie });
    expect(res.status).toBe(201);
  });

  it("two simultaneous sign-ups of the same address store one row: one 201, one 409", async () => {
    const email = `race-${Date.now()}@example.com`;
    const results = await Promise.all([subscribe(email), subscribe(email.toUpperCase())]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await t.db.select().from(newsletterSubscriptions).where(eq(newsletterSubscriptions.email, email));
    expect(rows).toHaveLength(1);
  });
});
