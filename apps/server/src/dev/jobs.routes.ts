// POST /api/dev/jobs/run (development only: while MAILBOX is on; admins): runs one booking's scheduled jobs as if
// it were `at`, e.g. the re-authorisation 48 hours before a far-off ride, to see on screen what the customer and the
// dispatch board will see then. Other bookings' jobs are left alone.
import { asc } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { jobs } from "../db/schema";
import { allJobHandlers } from "../jobs/handlers";
import { payloadIs, runDueJobs } from "../jobs/job-runner";
import type { AppEnv } from "../lib/context";
import { devJobsRunResponseSchema } from "@meridian/shared/dev/answers";
import { routesFor } from "../lib/openapi";

const runJobsSchema = z.object({
  bookingId: z.uuid({ error: "Choose a booking." }),
  at: z.iso.datetime({ offset: true, error: "Give the moment to run the jobs at as an ISO date and time." }),
});

const devAdmin$ = routesFor("admin", ["Development"]);

export const devJobsRoutes = new Hono<AppEnv>().post(
  "/run",
  devAdmin$("Run one booking's due jobs as of a moment (development only: while MAILBOX is on)", { 200: devJobsRunResponseSchema }, { body: runJobsSchema }),
  async (c) => {
    const { bookingId, at } = c.req.valid("json");
    const deps = c.get("deps");
    const now = new Date(at);
    const ran = await runDueJobs(deps.database.db, allJobHandlers(deps), { now: () => now, bookingId, logger: deps.logger });
    const mine = await deps.database.db
      .select({ kind: jobs.kind, runAt: jobs.runAt, status: jobs.status, result: jobs.result, lastError: jobs.lastError })
      .from(jobs)
      .where(payloadIs("bookingId", bookingId))
      .orderBy(asc(jobs.runAt));
    return c.json({ ran, jobs: mine });
  },
);
