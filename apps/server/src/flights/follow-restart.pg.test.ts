// The follow job is durable: a real server process takes the first look at a booked flight (on time: the pickup
// stays, the next look is scheduled), stops; while nothing runs the admin's 45-minute delay is set and the next look
// falls due; a new process starts and moves the pickup 45 minutes, once, and tells the customer.
// PostgreSQL only (*.pg.test.ts): real server processes on one database.
import { expect, it } from "vitest";
import { wallClock, zonedInstant } from "@meridian/shared/zoned-time";
import { laDate, rideDetails, testPlace } from "../test/factories";
import { serverProcessSuite, stopServer } from "../test/server-process";
import { simulateFlight } from "./embedded";
import { bookingFlightOf, FLIGHT_FOLLOW_JOB } from "../bookings/flight-follow-job";

const suite = serverProcessSuite();
const TZ = "America/Los_Angeles";

type JobRow = { status: string; result: string | null; run_at: Date };
const followJobs = (id: string) => suite.sql<JobRow[]>`select status, result, run_at from jobs where kind = ${FLIGHT_FOLLOW_JOB} and payload->>'bookingId' = ${id} order by run_at`;

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

it("moves the pickup after a restart, on the look scheduled before it", async () => {
  const date = laDate(5);
  let flightNumber = "";
  for (let n = 1; !flightNumber; n++) {
    const sim = simulateFlight(`DL${n}`, date);
    if (sim.exists && sim.delayMinutes === 0 && !sim.cancelled && wallClock(sim.scheduledArrival, TZ).time < "22:00") flightNumber = `DL${n}`;
  }
  const sim = simulateFlight(flightNumber, date);
  if (!sim.exists) throw new Error("unreachable");
  const landing = wallClock(sim.scheduledArrival, TZ);
  const pickupAt = new Date(sim.scheduledArrival.getTime() + 30 * 60_000);
  const time = wallClock(pickupAt, TZ).time;
  const flight = bookingFlightOf(
    { flightNumber, airlineName: "Delta Air Lines", origin: "JFK", destination: "LAX", phase: "scheduled", scheduledArrival: sim.scheduledArrival.toISOString(), estimatedArrival: sim.scheduledArrival.toISOString(), actualArrival: null, delayMinutes: 0, terminal: "2", gate: null, baggageBelt: null },
    landing.date,
    time,
    TZ,
  );
  expect(zonedInstant(landing.date, time, TZ).getTime()).toBe(pickupAt.getTime());
  const lax = { ...testPlace("emb:apt:LAX", "Los Angeles International Airport (LAX)", "1 World Way, Los Angeles, CA 90045"), precision: "airport" as const };
  const details = { ...rideDetails({ pickup: lax, dropoff: testPlace("emb:zip:90210", "90210", "Beverly Hills, CA"), date: landing.date, time }), flight };
  const first = await suite.start(); // migrates the fresh database
  const [b] = await suite.sql<{ id: string }[]>`
    insert into bookings (service, booking_date, status, name, email, price, details, pickup_at)
    values ('ride', ${landing.date}, 'confirmed', 'Rider', 'flyer@example.com', 100, ${suite.sql.json(details)}, ${pickupAt})
    returning id`;
  const id = b!.id;
  // The first look, due now (as if booked within four hours of the landing).
  await suite.sql`insert into jobs (kind, key, payload, run_at) values (${FLIGHT_FOLLOW_JOB}, ${`${FLIGHT_FOLLOW_JOB}:${id}:first`}, ${suite.sql.json({ bookingId: id })}, now())`;

  const afterFirst = await until(() => followJobs(id), (rows) => rows.some((r) => r.status === "done") && rows.some((r) => r.status === "pending"));
  expect(afterFirst.find((r) => r.status === "done")!.result).toBe("scheduled, +0 min");
  await stopServer(first.child);

  // While the server is down: the delay is set and the next look falls due.
  await suite.sql`insert into flight_overrides (flight_number, date, delay_minutes) values (${flightNumber}, ${date}, 45)`;
  await suite.sql`update jobs set run_at = now() where kind = ${FLIGHT_FOLLOW_JOB} and payload->>'bookingId' = ${id} and status = 'pending'`;
  const [still] = await suite.sql<{ pickup_at: Date }[]>`select pickup_at from bookings where id = ${id}`;
  expect(still!.pickup_at.getTime()).toBe(pickupAt.getTime());

  await suite.start();
  const rows = await until(() => followJobs(id), (r) => r.filter((x) => x.status === "done").length === 2);
  expect(rows.filter((r) => r.status === "done")[1]!.result).toMatch(/^scheduled, \+45 min; pickup moved to /);
  const [moved] = await suite.sql<{ pickup_at: Date; details: { time: string; flight: { live: { delayMinutes: number } } } }[]>`select pickup_at, details from bookings where id = ${id}`;
  expect(moved!.pickup_at.getTime()).toBe(pickupAt.getTime() + 45 * 60_000);
  expect(moved!.details.time).toBe(wallClock(new Date(pickupAt.getTime() + 45 * 60_000), TZ).time);
  expect(moved!.details.flight.live.delayMinutes).toBe(45);
  const mails = await suite.sql<{ n: number }[]>`select count(*)::int as n from outbox_emails where "to" = 'flyer@example.com' and subject like 'Your pickup has moved%'`;
  expect(mails[0]!.n).toBe(1);
}, 240_000);
