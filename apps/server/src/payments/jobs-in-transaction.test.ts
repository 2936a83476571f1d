// Jobs run inside their claiming transaction (jobs/job-runner.ts). On PGlite's single connection a read through
// `db` made there waits for that very transaction: the job never ends, and neither does any later database request
// of the server (an e2e server stopped answering right after a customer cancelled with a fee: the fee's receipt job
// read the company settings through `db` once its cached copy was older than 30 s). These run the jobs that read
// settings while the cached copies are stale; each hung before the fix.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { bookings, outboxSms } from "../db/schema";
import { runOneJob, scheduleJob } from "../jobs/job-runner";
import { CACHE_MAX_AGE_MS } from "../settings/store";
import { getOperationsSettings } from "../settings/settings.service";
import { startOf } from "../bookings/booking-gate";
import { createTestApp, type TestApp } from "../test/harness";
import { outboxFor } from "../test/helpers";
import { scheduleReceipt, seedBooking } from "../test/factories";
import { paymentJobHandlers, UNPAID_CANCEL_JOB } from "./payment-jobs";
import { recordFailedAuthorisation } from "./payment-lifecycle";
import { RECEIPT_JOB, receiptJobHandlers } from "./receipts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

/** Every settings copy this process holds is past its age from now on (the clock moves a minute ahead). */
function settingsCopiesGoStale() {
  const now = Date.now.bind(Date);
  vi.spyOn(Date, "now").mockImplementation(() => now() + CACHE_MAX_AGE_MS + 30_000);
}

/** Runs the one due job, failing (not hanging) when it does not end within a few seconds. */
async function runJob(handlers: Parameters<typeof runOneJob>[1]) {
  const timeout = new Promise<"hung">((resolve) => setTimeout(() => resolve("hung"), 15_000).unref());
  const ran = await Promise.race([runOneJob(t.db, handlers), timeout]);
  if (ran === "hung") throw new Error("the job did not end: it waits for its own transaction");
  return ran;
}

describe("jobs that read settings inside their transaction, with stale copies", () => {
  it("the receipt job (a late cancellation's fee, a completed ride) writes the receipt and the server goes on answering", async () => {
    const u = await t.userWithSession({ fullName: "Rita Receipt" });
    const b = await seedBooking(t, { userId: u.user.id, email: u.user.email, paymentMethod: "pm_card_visa" });
    await scheduleReceipt(t, b.id);
    settingsCopiesGoStale();
    const job = await runJob(receiptJobHandlers(t.deps));
    expect(job).toMatchObject({ kind: RECEIPT_JOB, status: "done", result: "sent" });
    const [mail] = await outboxFor(t.db, u.user.email);
    expect(mail!.subject).toContain("Your Meridian receipt");
    expect((await t.call("GET", "/api/vehicles")).status).toBe(200);
  }, 60_000);

  it("the unpaid caller booking's cancellation job texts the customer (SMS signed with the company's name)", async () => {
    const u = await t.userWithSession({ fullName: "Carl Caller" });
    const seeded = await seedBooking(t, { userId: u.user.id, email: u.user.email, status: "pending", bookingDate: "2099-05-02" });
    const [b] = await t.db.update(bookings).set({ phone: "+13105550199" }).where(eq(bookings.id, seeded.id)).returning();
    await t.db.transaction((tx) => recordFailedAuthorisation(tx, t.deps.payments.kind, b!, { message: "Not paid yet.", card: null, key: `test:${b!.id}` }));
    const { timeZone } = await getOperationsSettings(t.db);
    const startsAt = startOf(b!, timeZone).toISOString();
    await scheduleJob(t.db, { kind: UNPAID_CANCEL_JOB, key: `${UNPAID_CANCEL_JOB}:${b!.id}:link`, runAt: new Date(), payload: { bookingId: b!.id, startsAt, reason: "link" } });
    settingsCopiesGoStale();
    const job = await runJob(paymentJobHandlers(t.deps));
    expect(job).toMatchObject({ kind: UNPAID_CANCEL_JOB, status: "done", result: "cancelled: unpaid" });
    const texts = await t.db.select().from(outboxSms).where(eq(outboxSms.to, "+13105550199"));
    expect(texts.map((s) => s.body)).toEqual([expect.stringContaining("has been cancelled. Reason: it was not paid through the link")]);
    const [row] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, b!.id));
    expect(row!.status).toBe("cancelled");
  }, 60_000);
});
