// GET /api/health: liveness (the process answers HTTP). GET /api/health/ready: readiness for a load balancer:
// 503 while the server is stopping (SIGTERM) or its database does not take a write within 2 s (down, read-only,
// disk full: a database that answers reads but refuses every booking is not ready).
import { healthChecks } from "../db/schema";
import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../lib/context";
import { errorBody } from "../lib/errors";
import { route } from "../lib/openapi";

export const READY_TIMEOUT_MS = 2000;
export const STOPPING_MESSAGE = "This server is shutting down.";
export const DATABASE_DOWN_MESSAGE = "The database is not answering.";
export const DATABASE_READ_ONLY_MESSAGE = "The database does not accept writes.";

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
    503: { description: "Stopping (SIGTERM), or the database does not take a write within 2 s (down, read-only or full): send traffic elsewhere" },
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
    const now = new Date();
    // One row, written on every check (a read alone passes on a read-only or full database).
    const write = database.db
      .insert(healthChecks)
      .values({ id: "ready", checkedAt: now })
      .onConflictDoUpdate({ target: healthChecks.id, set: { checkedAt: now } })
      .then(
        () => "ok" as const,
        (err: unknown) => (isReadOnly(err) ? ("read_only" as const) : ("down" as const)),
      );
    const answered = await Promise.race([write, new Promise<"down">((resolve) => (timer = setTimeout(resolve, READY_TIMEOUT_MS, "down")))]);
    clearTimeout(timer);
    if (answered === "down") return c.json(errorBody("database_unavailable", DATABASE_DOWN_MESSAGE), 503);
    if (answered === "read_only") return c.json(errorBody("database_read_only", DATABASE_READ_ONLY_MESSAGE), 503);
    return c.json({ ok: true as const, database: database.kind });
  });

/** A write refused because the database is read-only (25006) or full (53100). */
function isReadOnly(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (["25006", "53100"].includes(String((e as { code?: unknown }).code ?? ""))) return true;
  }
  return false;
}
