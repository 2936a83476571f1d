// GET /api/health: liveness (the process answers HTTP). GET /api/health/ready: readiness for a load balancer:
// 503 while the server is stopping (SIGTERM) or its database does not answer `select 1` within 2 s.
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../lib/context";
import { errorBody } from "../lib/errors";
import { route } from "../lib/openapi";

export const READY_TIMEOUT_MS = 2000;
export const STOPPING_MESSAGE = "This server is shutting down.";
export const DATABASE_DOWN_MESSAGE = "The database is not answering.";

const tags = ["Reference"];
const liveness = route({
  summary: "Liveness: the process answers HTTP",
  tags,
  access: "public",
  responses: { 200: z.object({ ok: z.literal(true), database: z.string(), mail: z.string() }) },
});
const readiness = route({
  summary: "Readiness for a load balancer: the server is not stopping and its database answers",
  tags,
  access: "public",
  responses: {
    200: z.object({ ok: z.literal(true), database: z.string() }),
    503: { description: "Stopping (SIGTERM), or the database does not answer within 2 s: send traffic elsewhere" },
  },
});

export const healthRoutes = new Hono<AppEnv>()
  .get("/", liveness, (c) => {
    const { database, mailer } = c.get("deps");
    return c.json({ ok: true as const, database: database.kind, mail: mailer.kind });
  })
  .get("/ready", readiness, async (c) => {
    const { database, lifecycle } = c.get("deps");
    c.header("Cache-Control", "no-store");
    if (lifecycle.stopping) return c.json(errorBody("stopping", STOPPING_MESSAGE), 503);
    let timer: NodeJS.Timeout | undefined;
    const answered = await Promise.race([
      database.db.execute(sql`select 1`).then(
        () => true,
        () => false,
      ),
      new Promise<false>((resolve) => (timer = setTimeout(resolve, READY_TIMEOUT_MS, false))),
    ]);
    clearTimeout(timer);
    if (!answered) return c.json(errorBody("database_unavailable", DATABASE_DOWN_MESSAGE), 503);
    return c.json({ ok: true as const, database: database.kind });
  });
