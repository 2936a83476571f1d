// The guest's wait estimate is kept 30 s per database and stand: two databases in one process (two test apps, or a
// test run's files sharing a worker) never see each other's figure.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ESTIMATE_MINUTES } from "@meridian/shared/valet-ticket";
import { valetRetrievals } from "../db/schema";
import { insertTicket } from "../test/factories";
import { createTestApp, type TestApp } from "../test/harness";
import { estimateMinutes } from "./retrieval.service";

let busy: TestApp;
let quiet: TestApp;
beforeAll(async () => {
  [busy, quiet] = await Promise.all([createTestApp(), createTestApp()]);
});
afterAll(() => Promise.all([busy?.close(), quiet?.close()]));

describe("the wait estimate", () => {
  it("is each database's own for the same stand name", async () => {
    const stand = "Main Entrance";
    const ticket = await insertTicket(busy.db, null, { valetStatus: "delivered", status: "released" });
    const started = Date.now() - 3600_000;
    for (const minutes of [10, 12, 14]) {
      await busy.db.insert(valetRetrievals).values({ ticketId: ticket.id, stand, requestedAt: new Date(started), readyAt: new Date(started + minutes * 60_000) });
    }
    expect(await estimateMinutes(busy.db, stand)).toBe(12);
    expect(await estimateMinutes(quiet.db, stand)).toBe(DEFAULT_ESTIMATE_MINUTES);
  });
});
