// A database that is down answers 503 with Retry-After, never a 500 (issue 21): here the database is closed under
// a running app, as when PostgreSQL restarts or the embedded database is gone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close().catch(() => {}));

describe("a stopped database", () => {
  it("answers 503 with Retry-After on routes that need it", async () => {
    expect((await t.call("POST", "/api/newsletter", { json: { email: "before@example.com" } })).status).toBeLessThan(300);
    await t.database.close();
    const res = await t.call("POST", "/api/newsletter", { json: { email: "after@example.com" } });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(res.body.error.code).toBe("unavailable");
  });
});
