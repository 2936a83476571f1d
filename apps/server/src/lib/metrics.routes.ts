// GET /metrics: the Prometheus text format, for a scraper holding METRICS_TOKEN (Authorization: Bearer <token>).
// No header: 401; a wrong token: 403. Without METRICS_TOKEN metrics are off: 404.
import crypto from "node:crypto";
import { Hono } from "hono";
import type { AppEnv } from "./context";
import { forbidden, HttpError, notFound } from "./errors";

const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest();

export function metricsRoutes(token: string | undefined) {
  if (!token) {
    return new Hono<AppEnv>().get("/", () => {
      throw notFound("Metrics are off: set METRICS_TOKEN to read them.");
    });
  }
  const expected = sha256(token);
  return new Hono<AppEnv>().get("/", async (c) => {
    const given = /^Bearer (.+)$/i.exec(c.req.header("authorization") ?? "")?.[1];
    if (!given) {
      c.header("WWW-Authenticate", 'Bearer realm="metrics"');
      throw new HttpError(401, "unauthorized", "Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.");
    }
    // Compared as hashes: equal lengths, in constant time.
    if (!crypto.timingSafeEqual(sha256(given), expected)) throw forbidden("That metrics token is not valid.");
    const { registry } = c.get("deps").metrics;
    return c.body(await registry.metrics(), 200, { "content-type": registry.contentType, "cache-control": "no-store" });
  });
}
