// Rides never served do not linger, across a restart: the overdue sweep is a durable row. A server process
// schedules it and stops; an overdue ride appears while nothing runs; a new process claims the same row and
// closes the ride as expired (the ticket void, the hold's settlement scheduled, the customer e-mailed, once),
// and schedules the sweep's next run. A ride inside the grace period is only flagged, not closed.
// PostgreSQL only (*.pg.test.ts): real server processes on one database.
import { expect, it } from "vitest";
import { rideDetails } from "../test/factories";
import { serverProcessSuite, stopServer } from "../test/server-process";

const suite = serverProcessSuite();

/** A ride for `email` whose pickup was `minutesAgo` minutes ago, with its ticket. */
async function ride(email: string, minutesAgo: number, status = "pending") {
  const pickupAt = new Date(Date.now() - minutesAgo * 60_000);
  const details = rideDetails({ date: pickupAt.toISOString().slice(0, 10), time: "09:30" });
  const [b] = await suite.sql<{ id: string }[]>`
    insert into bookings (service, booking_date, status, name, email, price, details, pickup_at)
    values ('ride', ${pickupAt.toISOString().slice(0, 10)}, ${status}, 'Rider', ${email}, 100, ${suite.sql.json(details)}, ${pickupAt})
    returning id`;
  await suite.sql`insert into tickets (ticket_code, booking_id) values (${`MRD-${b!.id.slice(0, 8)}`}, ${b!.id})`;
  return b!.id;
}

const sweeps = () => suite.sql<{ id: string; status: string; result: string | null; run_at: Date }[]>`select id, status, result, run_at from jobs where kind = 'ride.expire_overdue' order by run_at`;

async function waitFor<T>(fn: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 100));
  }
}

it("a new process runs the sweep the last one scheduled: the overdue ride is expired, its ticket void, the customer told once", async () => {
  const a = await suite.start();
  const [scheduled] = await waitFor(async () => ((await sweeps()).length ? sweeps() : false));
  expect(scheduled).toMatchObject({ status: "pending" });
  await stopServer(a.child);

  // While nothing runs: one ride past the grace period (120 minutes by default), one only just overdue.
  const expired = await ride("gone@example.com", 180, "confirmed");
  const flagged = await ride("late@example.com", 30);
  await suite.sql`update jobs set run_at = now() where id = ${scheduled!.id}`; // the slot comes due

  await suite.start();
  await waitFor(async () => (await suite.sql`select 1 from jobs where id = ${scheduled!.id} and status = 'done'`).length > 0);

  const statuses = Object.fromEntries((await suite.sql<{ id: string; status: string }[]>`select id, status from bookings`).map((r) => [r.id, r.status]));
  expect(statuses).toEqual({ [expired]: "expired", [flagged]: "pending" });
  const tickets = Object.fromEntries((await suite.sql<{ booking_id: string; status: string }[]>`select booking_id, status from tickets`).map((r) => [r.booking_id, r.status]));
  expect(tickets).toEqual({ [expired]: "void", [flagged]: "active" });
  const mail = await suite.sql<{ to: string; subject: string; text: string }[]>`select "to", subject, text from outbox_emails where subject like '%could not be served'`;
  expect(mail).toHaveLength(1);
  expect(mail[0]).toMatchObject({ to: "gone@example.com" });
  expect(mail[0]!.text).toContain("Your card was not charged");
  // The hold is released by the settlement the move scheduled (the same path as a free cancellation).
  expect(await suite.sql`select 1 from jobs where kind = 'payment.settle' and payload->>'bookingId' = ${expired}`).toHaveLength(1);
  const [event] = await suite.sql<{ from_status: string; to_status: string; actor_role: string }[]>`select from_status, to_status, actor_role from booking_events where booking_id = ${expired}`;
  expect(event).toEqual({ from_status: "confirmed", to_status: "expired", actor_role: "system" });
  // The next run is scheduled.
  expect((await sweeps()).filter((s) => s.status === "pending")).toHaveLength(1);
}, 180_000);
