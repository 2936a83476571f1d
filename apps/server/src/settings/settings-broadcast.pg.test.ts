// Settings changes reach every server process (issue 25, point 7): a second process on the same PostgreSQL
// database (its own connection, realtime bus and settings cache) sees a change made through the first at once,
// well before its copy would grow stale by age.
import { afterAll, beforeAll, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "@meridian/shared/settings";
import { openDatabase } from "../db/client";
import type { Deps } from "../lib/context";
import { buildDeps } from "../server";
import { createTestApp, type TestApp } from "../test/harness";
import { getSettings, settingsInMemory } from "./store";

let t: TestApp;
let other: Deps;

beforeAll(async () => {
  t = await createTestApp();
  other = await buildDeps(t.deps.config, await openDatabase({ url: t.databaseUrl! }));
});
afterAll(async () => {
  await other.bus.close();
  await other.database.close();
  await t.close();
});

const eventually = async (check: () => boolean) => {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error("the other process never saw the change");
    await new Promise((r) => setTimeout(r, 25));
  }
};

it("another server process reloads a changed section when told, not when its copy expires", async () => {
  const otherDb = other.database.db;
  expect((await getSettings(otherDb, "company")).displayName).toBe("Meridian"); // its copy, fresh for 30 s
  const admin = await t.userWithSession({ role: "admin" });
  const put = await t.call("PUT", "/api/admin/settings/company", { cookie: admin.cookie, json: { ...DEFAULT_SETTINGS.company, displayName: "Aurum Cars" } });
  expect(put.status).toBe(200);
  await eventually(() => settingsInMemory(otherDb, "company").displayName === "Aurum Cars");
});
