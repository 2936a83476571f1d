// Bookings written before the typed details (issue 22 point 1: migration 0007) read as the one details shape once
// migrated: a database at migration 0006 holding a ride and an event valet booking as the server wrote them then
// (the same keys, no `service`), migrated to the end, answers both through the Drizzle column, which parses
// every value it loads with bookingDetailsSchema. So no reader needs a fallback for an old row.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import { afterAll, describe, expect, it } from "vitest";
import { rideDetails, valetDetails } from "../test/factories";
import { freshPostgres } from "../test/harness";
import { openDatabase, type Database } from "./client";
import { migrationsFolder } from "./migrate";
import { bookings } from "./schema";

/** The migrations folder as it stood up to (and including) `lastTag`: the same SQL, a shorter journal. */
function migrationsUpTo(lastTag: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "meridian-migrations-"));
  fs.cpSync(migrationsFolder(), dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(fs.readFileSync(journalPath, "utf8")) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  expect(last).toBeGreaterThan(0);
  fs.writeFileSync(journalPath, JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }));
  return dir;
}

const cleanups: (() => Promise<unknown> | unknown)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function emptyDatabase(): Promise<Database> {
  if (process.env.TEST_DB === "postgres") {
    const pg = await freshPostgres();
    const database = await openDatabase({ url: pg.url });
    cleanups.push(pg.drop, database.close);
    return database;
  }
  const database = await openDatabase({ memory: true });
  cleanups.push(database.close);
  return database;
}

const migrateTo = (database: Database, folder: string) =>
  database.kind === "pglite" ? migratePglite(database.db as never, { migrationsFolder: folder }) : migratePostgres(database.db as never, { migrationsFolder: folder });

describe("migration 0007: the booking details of older rows", () => {
  // Migrating an empty database from the start takes a while on a busy machine.
  it("older rows (no service in their details) read as the typed details once migrated", { timeout: 240_000 }, async () => {
    const database = await emptyDatabase();
    const before = migrationsUpTo("0006_money-records");
    cleanups.push(() => fs.rmSync(before, { recursive: true, force: true }));
    await migrateTo(database, before);

    // As the server wrote them before 0007: every key of today's shape but the service.
    const { service: _ride, ...oldRide } = rideDetails();
    const { service: _valet, ...oldValet } = valetDetails();
    await database.db.execute(sql`insert into bookings (service, booking_date, details) values
      ('ride', '2026-06-01', ${JSON.stringify(oldRide)}::jsonb), ('valet', '2026-06-01', ${JSON.stringify(oldValet)}::jsonb)`);

    await migrateTo(database, migrationsFolder());
    const rows = await database.db.select({ service: bookings.service, details: bookings.details }).from(bookings).orderBy(bookings.service);
    expect(rows).toEqual([
      { service: "ride", details: rideDetails() },
      { service: "valet", details: valetDetails() },
    ]);
  });
});
