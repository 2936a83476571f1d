// GET /metrics: only with METRICS_TOKEN (401 without a token, 403 with a wrong one, 404 when metrics are off),
// and the figures move with real requests: requests by route and status, quotes (Hono route and node:http
// fast path alike), bookings by service, queue depth, SSE clients.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../app";
import { jobs, mailQueue } from "../db/schema";
import { withQuoteFastPath } from "../quotes/quote-fast-path";
import { createFakeGeo } from "../test/fake-geo";
import { createTestApp, type TestApp } from "../test/harness";
import { createTestFleet, giveCapacityForDays, rideInput } from "../test/factories";
import { sseClient } from "../test/sse-client";
import { securityHeaderList } from "./security-headers";

const TOKEN = "metrics-token-for-the-tests-0123";
let t: TestApp;
let fleet: Awaited<ReturnType<typeof createTestFleet>>;

beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN }, { geo: createFakeGeo() });
  fleet = await createTestFleet(t.db);
  await giveCapacityForDays(t);
});
afterAll(() => t.close());

async function scrape(): Promise<string> {
  const res = await t.call("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain; version=0.0.4");
  return res.body as string;
}

/** The value of one sample, e.g. value(text, 'meridian_quotes_issued_total'), or 0 when absent. */
function value(text: string, sample: string): number {
  const line = text.split("\n").find((l) => l.startsWith(sample + " "));
  return line ? Number(line.slice(sample.length + 1)) : 0;
}

describe("GET /metrics", () => {
  it("needs the token: 401 without, 403 with a wrong one, in the API's error shape", async () => {
    const none = await t.call("GET", "/metrics");
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toContain("Bearer");
    expect(none.body.error.code).toBe("unauthorized");
    const wrong = await t.call("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}x` } });
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe("forbidden");
    const basic = await t.call("GET", "/metrics", { headers: { authorization: `Basic ${btoa(`x:${TOKEN}`)}` } });
    expect(basic.status).toBe(401);
    expect(await scrape()).toContain("# TYPE meridian_http_requests_total counter");
  });

  it("is off (404) without METRICS_TOKEN", async () => {
    const { config } = t.deps;
    const off = createApp({ ...t.deps, config: { ...config, env: { ...config.env, METRICS_TOKEN: undefined } } });
    const res = await off.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain("METRICS_TOKEN");
  });

  it("counts requests by route pattern and status, with their latency", async () => {
    const sample = (route: string, status: number) => `meridian_http_requests_total{method="GET",route="${route}",status="${status}"}`;
    const before = await scrape();
    await t.call("GET", "/api/vehicles");
    await t.call("GET", "/api/vehicles");
    await t.call("GET", "/api/me/profile"); // 401 from the route: not signed in
    await t.call("GET", "/api/admin/bookings/not-a-uuid"); // 401 from the route's access check, counted under its pattern
    await t.call("GET", "/api/nothing-here");
    const after = await scrape();
    expect(value(after, sample("/api/vehicles", 200)) - value(before, sample("/api/vehicles", 200))).toBe(2);
    expect(value(after, sample("/api/me/profile", 401)) - value(before, sample("/api/me/profile", 401))).toBe(1);
    expect(value(after, sample("/api/admin/bookings/:id", 401)) - value(before, sample("/api/admin/bookings/:id", 401))).toBe(1);
    expect(value(after, sample("/api/*", 404)) - value(before, sample("/api/*", 404))).toBe(1);
    expect(value(after, `meridian_http_request_duration_seconds_count{method="GET",route="/api/vehicles",status="200"}`)).toBeGreaterThanOrEqual(2);
    expect(after).toMatch(/meridian_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/api\/vehicles",status="200"\} \d+/);
  });

  it("counts quotes on both paths, and bookings by service (a replay is not a second booking)", async () => {
    const before = await scrape();
    const quote = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id) });
    expect(quote.status).toBe(200);

    // The node:http fast path that main.ts puts in front of Hono counts and times its answers too.
    const server = http.createServer(withQuoteFastPath(t.deps, getRequestListener(t.app.fetch), await securityHeaderList(t.deps.config)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/quotes`;
      const fast = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(rideInput(fleet.sedan.id)) });
      expect(fast.status).toBe(200);
      const bad = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "{" });
      expect(bad.status).toBe(400);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }

    const { cookie } = await t.userWithSession();
    const key = crypto.randomUUID();
    for (let i = 0; i < 2; i++) {
      const res = await t.call("POST", "/api/bookings", { cookie, json: { service: "ride", quoteId: quote.body.quoteId, paymentMethod: "pm_card_visa" }, headers: { "Idempotency-Key": key } });
      expect(res.status).toBe(201);
    }

    const after = await scrape();
    const diff = (sample: string) => value(after, sample) - value(before, sample);
    expect(diff("meridian_quotes_issued_total")).toBe(2);
    expect(diff('meridian_http_requests_total{method="POST",route="/api/quotes",status="200"}')).toBe(2);
    expect(diff('meridian_http_requests_total{method="POST",route="/api/quotes",status="400"}')).toBe(1);
    expect(diff('meridian_bookings_created_total{service="ride"}')).toBe(1);
    expect(diff('meridian_http_requests_total{method="POST",route="/api/bookings",status="201"}')).toBe(2);
  });

  it("reports the mail and job queues' depth and the open SSE streams", async () => {
    await t.db.insert(mailQueue).values([
      { to: "a@example.com", subject: "Waiting", text: "x" },
      { to: "b@example.com", subject: "Waiting too", text: "x" },
      { to: "c@example.com", subject: "Given up", text: "x", status: "failed" },
      { to: "d@example.com", subject: "Gone", text: "x", status: "sent" },
    ]);
    // The ride booked above has its reminder job queued already: count from here.
    const jobsBefore = await scrape();
    const runAt = new Date(Date.now() + 3_600_000);
    await t.db.insert(jobs).values([
      { kind: "test", key: `due-${crypto.randomUUID()}`, runAt },
      { kind: "test", key: `failed-${crypto.randomUUID()}`, runAt, status: "failed" },
      { kind: "test", key: `done-${crypto.randomUUID()}`, runAt, status: "done" },
    ]);
    const queued = await scrape();
    expect(value(queued, 'meridian_queue_depth{queue="mail",status="pending"}')).toBe(2);
    expect(value(queued, 'meridian_queue_depth{queue="mail",status="failed"}')).toBe(1);
    for (const status of ["pending", "failed"]) {
      const sample = `meridian_queue_depth{queue="jobs",status="${status}"}`;
      expect(value(queued, sample) - value(jobsBefore, sample)).toBe(1);
    }

    const { cookie } = await t.userWithSession();
    const open = value(queued, "meridian_sse_clients");
    const streams = [];
    for (let i = 0; i < 2; i++) {
      const res = await t.app.request("/api/realtime", { headers: { cookie } });
      expect(res.status).toBe(200);
      const stream = sseClient(res);
      await expect.poll(() => stream.comments.includes("connected")).toBe(true);
      streams.push(stream);
    }
    expect(value(await scrape(), "meridian_sse_clients")).toBe(open + 2);
    for (const stream of streams) await stream.close();
    await expect.poll(async () => value(await scrape(), "meridian_sse_clients")).toBe(open);
  });

  it("includes Node's process metrics", async () => {
    const text = await scrape();
    expect(text).toContain("process_cpu_seconds_total");
    expect(text).toContain("nodejs_eventloop_lag_seconds");
  });
});
