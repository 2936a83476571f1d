// The ride reminder with real server processes on one PostgreSQL database: two processes poll the same jobs and
// every reminder is sent exactly once; after both stop and a third starts (a restart), nothing is sent again,
// and a job left due meanwhile is sent once. Never for a cancelled ride. PostgreSQL only (*.pg.test.ts).
import { expect, it } from "vitest";
import { rideDetails, testPlace } from "../test/factories";
import { serverProcessSuite, stopServer } from "../test/server-process";

const suite = serverProcessSuite();

/** A confirmed ride in two days for `email`, and its reminder job due now. */
async function rideWithDueReminder(email: string, status = "confirmed") {
  const pickupAt = new Date(Date.now() + 2 * 86_400_000);
  pickupAt.setUTCSeconds(0, 0);
  const details = rideDetails({ pickup: testPlace("p1", "LAX", "1 World Way"), dropoff: testPlace("p2", "Beverly Hills", "Beverly Hills, CA"), time: "09:30", date: pickupAt.toISOString().slice(0, 10) });
  const [b] = await suite.sql<{ id: string }[]>`
    insert into bookings (service, booking_date, status, name, email, price, details, pickup_at)
    values ('ride', ${pickupAt.toISOString().slice(0, 10)}, ${status}, 'Rider', ${email}, 100, ${suite.sql.json(details)}, ${pickupAt})
    returning id`;
  await suite.sql`insert into jobs (kind, key, payload, run_at) values ('ride.reminder', ${`ride.reminder:${b!.id}`}, ${suite.sql.json({ bookingId: b!.id, pickupAt: pickupAt.toISOString() })}, now())`;
  return b!.id;
}

async function waitUntilNoJobPending(ms = 30_000) {
  const end = Date.now() + ms;
  for (;;) {
    const [row] = await suite.sql<{ n: number }[]>`select count(*)::int as n from jobs where status = 'pending' and kind = 'ride.reminder'`;
    if (row!.n === 0) return;
    if (Date.now() > end) throw new Error(`${row!.n} jobs still pending`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const remindersPerRecipient = async () =>
  Object.fromEntries(
    (await suite.sql<{ to: string; n: number }[]>`select "to", count(*)::int as n from outbox_emails where subject like 'Reminder:%' group by "to"`).map((r) => [r.to, r.n]),
  );

it("two processes send each reminder once, a restart sends none again, and a cancelled ride gets none", async () => {
  const [a, b] = await Promise.all([suite.start(), suite.start()]);

  const riders = Array.from({ length: 30 }, (_, i) => `rider-${i}@example.com`);
  await Promise.all(riders.map((email) => rideWithDueReminder(email)));
  await rideWithDueReminder("cancelled-rider@example.com", "cancelled");
  await waitUntilNoJobPending();
  await new Promise((r) => setTimeout(r, 500)); // a few more polls of both processes
  const sent = await remindersPerRecipient();
  expect(sent).toEqual(Object.fromEntries(riders.map((email) => [email, 1])));
  const results = await suite.sql<{ result: string; attempts: number }[]>`select result, attempts from jobs where kind = 'ride.reminder'`;
  expect(results.filter((r) => r.result === "sent")).toHaveLength(30);
  expect(results.filter((r) => r.result === "skipped: cancelled")).toHaveLength(1);
  expect(results.every((r) => r.attempts === 1)).toBe(true);

  // Restart: both stop, a job falls due while nothing runs, a new process starts.
  await Promise.all([stopServer(a.child), stopServer(b.child)]);
  await rideWithDueReminder("late-rider@example.com");
  await suite.start();
  await waitUntilNoJobPending();
  await new Promise((r) => setTimeout(r, 500));
  expect(await remindersPerRecipient()).toEqual({ ...Object.fromEntries(riders.map((email) => [email, 1])), "late-rider@example.com": 1 });
}, 180_000);
