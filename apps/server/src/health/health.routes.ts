// GET /api/health: liveness (the process answers HTTP). GET /api/health/ready: readiness for a load balancer:
// 503 while the server is stopping (SIGTERM) or its database does not answer `select 1` within 2 s.
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import type { AppEnv } from "../lib/context";
import { errorBody } from "../lib/errors";

export const READY_TIMEOUT_MS = 2000;
export const STOPPING_MESSAGE = "This server is shutting down.";
export const DATABASE_DOWN_MESSAGE = "The database is not answering.";

export const healthRoutes = new Hono<AppEnv>()
  .get("/", (c) => {
    const { database, mailer } = c.get("deps");
    return c.json({ ok: true, database: database.kind, mail: mailer.kind });
  })
  .get("/ready", async (c) => {
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
    return c.json({ ok: true, database: database.kind });
  });
