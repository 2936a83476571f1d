// Prometheus metrics (prom-client), one registry per app: HTTP requests by route and status with their latency,
// bookings created by service, quotes issued, queue depths read from the database when scraped, SSE clients,
// and Node's process metrics. Served at /metrics to holders of METRICS_TOKEN (metrics.routes.ts).
import { count, inArray } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "../db/client";
import { jobs, mailQueue } from "../db/schema";

/** Seconds; a quote takes well under 5 ms, a booking tens of ms, a maps lookup up to GEO_TIMEOUT_MS. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Queues whose depth /metrics reports, read when scraped: [queue, status] -> rows waiting: the mail queue and
 * the background jobs (ride reminders).
 */
export type QueueDepthReader = (db: Database["db"]) => Promise<{ queue: string; status: string; depth: number }[]>;

const mailQueueDepth: QueueDepthReader = async (db) => {
  const statuses = ["pending", "failed"];
  const rows = await db.select({ status: mailQueue.status, depth: count() }).from(mailQueue).where(inArray(mailQueue.status, statuses)).groupBy(mailQueue.status);
  return statuses.map((status) => ({ queue: "mail", status, depth: rows.find((r) => r.status === status)?.depth ?? 0 }));
};

const jobQueueDepth: QueueDepthReader = async (db) => {
  const statuses = ["pending", "failed"];
  const rows = await db.select({ status: jobs.status, depth: count() }).from(jobs).where(inArray(jobs.status, statuses)).groupBy(jobs.status);
  return statuses.map((status) => ({ queue: "jobs", status, depth: rows.find((r) => r.status === status)?.depth ?? 0 }));
};

export const queueDepthReaders: QueueDepthReader[] = [mailQueueDepth, jobQueueDepth];

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics(database: Pick<Database, "db">) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "meridian_http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const duration = new Histogram({
    name: "meridian_http_request_duration_seconds",
    help: "Time to answer an HTTP request (to the start of the body for streams), by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers,
  });
  const bookingsCreated = new Counter({
    name: "meridian_bookings_created_total",
    help: "Bookings created (replays of an Idempotency-Key not counted), by service",
    labelNames: ["service"] as const,
    registers,
  });
  const quotesIssued = new Counter({ name: "meridian_quotes_issued_total", help: "Signed quotes issued to customers", registers });
  const sseClients = new Gauge({ name: "meridian_sse_clients", help: "Server-Sent Events streams open on this process", registers });
  new Gauge({
    name: "meridian_queue_depth",
    help: "Rows waiting in a database queue (read when scraped), by queue and status",
    labelNames: ["queue", "status"] as const,
    registers,
    async collect() {
      this.reset();
      for (const read of queueDepthReaders) {
        for (const { queue, status, depth } of await read(database.db)) this.set({ queue, status }, depth);
      }
    },
  });

  /** Records one answered request. */
  function observeRequest(method: string, route: string, status: number, seconds: number) {
    const labels = { method, route, status: String(status) };
    requests.inc(labels);
    duration.observe(labels, seconds);
  }

  return { registry, observeRequest, bookingsCreated, quotesIssued, sseClients };
}

/** Hono middleware: every answer counted and timed under its route pattern (e.g. /api/admin/bookings/:id). */
export function requestMetrics(metrics: Metrics): MiddlewareHandler {
  return async (c: Context, next) => {
    const started = performance.now();
    try {
      await next();
    } finally {
      // The route that answered (a pattern, so label values stay few); "*" for the client's files and pages.
      metrics.observeRequest(c.req.method, routePath(c) || "*", c.res.status, (performance.now() - started) / 1000);
    }
  };
}
