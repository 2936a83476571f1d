// PGlite has one connection: a statement sent through `db` from inside an open transaction's own work waits for
// that transaction, which waits for it: before this guard the process stopped answering every database request
// for good. Now such a call fails (DbCallInTransactionError) after a bounded wait, the transaction rolls back and
// the database goes on answering; a call merely started inside a transaction (not awaited there) runs after it.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../test/harness";
import { DbCallInTransactionError, outsideTransaction, type Database } from "./client";
import { appSettings } from "./schema";

/** The guard's wait here (the server's is DB_CALL_IN_TRANSACTION_WAIT_MS, 15 s): the same guard, a shorter wait. */
const WAIT_MS = 1_500;
let database: Database;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  ({ database, cleanup } = await openTestDatabase({ callInTransactionWaitMs: WAIT_MS }));
});
afterAll(() => cleanup());

/** The guard's error, as thrown or as the cause drizzle wraps a failed query's error with. */
const guardError = (err: unknown) => (err instanceof DbCallInTransactionError ? err : (err as { cause?: unknown } | undefined)?.cause);

describe("PGlite's single connection", () => {
  it("a `db` call awaited inside a transaction fails instead of hanging the database; the transaction rolls back", async () => {
    const { db } = database;
    const started = Date.now();
    const outcome = await db
      .transaction(async (tx) => {
        await tx.insert(appSettings).values({ key: "guard-test-rolled-back", value: {} });
        await db.select().from(appSettings); // the mistake: `db`, not `tx`
        return "committed";
      })
      .catch((err: unknown) => err);
    expect(guardError(outcome)).toBeInstanceOf(DbCallInTransactionError);
    expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_MS - 50);
    // The database answers, and nothing of the failed transaction was kept.
    expect(await db.select().from(appSettings).where(eq(appSettings.key, "guard-test-rolled-back"))).toEqual([]);
    // Nor is a nested `db.transaction` any different.
    const nested = await db.transaction(async () => db.transaction(async (tx2) => tx2.select().from(appSettings))).catch((err: unknown) => err);
    expect(guardError(nested)).toBeInstanceOf(DbCallInTransactionError);
  });

  it("a `db` call started inside a transaction but not awaited there runs once it has committed", async () => {
    const { db } = database;
    let later: Promise<unknown> | undefined;
    let detached: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.insert(appSettings).values({ key: "guard-test-committed", value: { n: 1 } });
      later = db.select().from(appSettings).where(eq(appSettings.key, "guard-test-committed"));
      detached = outsideTransaction(() => db.select().from(appSettings).where(eq(appSettings.key, "guard-test-committed")));
    });
    expect(await later).toEqual([expect.objectContaining({ key: "guard-test-committed" })]);
    expect(await detached).toEqual([expect.objectContaining({ key: "guard-test-committed" })]);
  });
});
