#!/usr/bin/env node
// The valet queue's live updates under load, against the built server (run `npm run build` first) on the
// embedded defaults (PGlite in a temporary data dir, the demo seed). One server process (WORKERS=1 unless set).
//   - 20 attendants (valet accounts) each hold the live queue open (GET /api/valet/queue as SSE),
//   - 200 guests each hold their own claim page's stream open (GET /api/claim/<token>/events),
//   - every car goes requested (by its guest) -> retrieving -> ready -> delivered (by an attendant), with
//     --concurrency cars moving at once and --pause ms between one attendant's taps (default 2000: 20
//     attendants tapping every 2 s is 10 changes/s, several times a real stand's peak of ~200 cars an hour
//     leaving at 4 changes each; --pause 0 drives the server flat out and measures its saturation instead).
// For each state change it measures the time from sending the change to its arrival on every page that shows
// it: the car's own guest page and all 20 attendants' queues (21 pages per change, 16,800 deliveries in all).
// Prints p50/p95/p99/max and any delivery that never arrived. Target: p99 < 500 ms.
// Usage: node bench/valet-queue.bench.mjs [--guests 200] [--attendants 20] [--concurrency 20] [--pause 2000] [--port 4245] [--strict]
import { arg, startBuiltServer } from "./lib.mjs";

const GUESTS = arg("guests", 200);
const ATTENDANTS = arg("attendants", 20);
const CONCURRENCY = arg("concurrency", 20);
/** Each attendant's think time between two taps (ms); 0 drives the server flat out. */
const PAUSE = arg("pause", 2000);
const PORT = arg("port", 4245);
const STRICT = process.argv.includes("--strict");
const TARGET_P99_MS = 500;
const BASE = `http://127.0.0.1:${PORT}`;

let server;
const streams = [];
process.on("exit", () => streams.forEach((s) => s.abort()));

/** Opens an SSE stream; `onEvent(name, data, at)` for each event. Resolves once the server said "connected". */
async function openStream(url, headers, onEvent) {
  const ctrl = new AbortController();
  streams.push(ctrl);
  const res = await fetch(`${BASE}${url}`, { headers: { accept: "text/event-stream", ...headers }, signal: ctrl.signal });
  if (res.status !== 200) throw new Error(`stream ${url} -> ${res.status}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  let connected;
  const ready = new Promise((r) => (connected = r));
  void (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const at = performance.now();
        buffer += decoder.decode(value, { stream: true });
        let cut;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          if (block.startsWith(": connected")) connected();
          let event = "message";
          let data = "";
          for (const line of block.split("\n")) {
            if (line.startsWith("event: ")) event = line.slice(7);
            else if (line.startsWith("data: ")) data += line.slice(6);
          }
          if (data) onEvent(event, JSON.parse(data), at);
        }
      }
    } catch {
      /* aborted at the end */
    }
  })();
  await ready;
  return ctrl;
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

async function main() {
  console.log(`valet queue bench: ${GUESTS} guest pages, ${ATTENDANTS} attendants, ${CONCURRENCY} cars moving at once, ${PAUSE} ms between taps, WORKERS=${process.env.WORKERS || "1"}`);
  server = await startBuiltServer({ port: PORT });
  const { call } = server;
  const adminCookie = await server.adminCookie();
  const attendants = [];
  for (let i = 0; i < ATTENDANTS; i++) attendants.push(await server.makeStaff(adminCookie, "valet", `Bench Attendant ${i}`));

  const cars = [];
  for (let i = 0; i < GUESTS; i++) {
    const who = attendants[i % ATTENDANTS];
    const { body } = await call("POST", "/api/valet/tickets", {
      cookie: who.cookie,
      json: { guestPhone: `+1310555${String(i).padStart(4, "0")}`, plate: `BN${String(i).padStart(5, "0")}`, make: "Bench", model: "Car", colour: "Grey", keyTag: `B-${i}`, stand: "Main Entrance" },
    });
    cars.push({ id: body.ticket.id, token: body.claimUrl.split("/t/")[1], attendant: who });
  }

  // arrivals: `${ticketId}|${status}` -> arrival times (one per page that received it)
  const arrivals = new Map();
  const arrive = (key, at) => {
    const list = arrivals.get(key) ?? [];
    list.push(at);
    arrivals.set(key, list);
  };
  await Promise.all(attendants.map((a) => openStream("/api/valet/queue", { cookie: a.cookie }, (event, t, at) => event === "valet.ticket" && arrive(`${t.id}|${t.status}`, at))));
  await Promise.all(cars.map((c) => openStream(`/api/claim/${c.token}/events`, {}, (event, u, at) => event === "claim.update" && arrive(`${c.id}|${u.status}`, at))));
  console.log(`open streams: ${ATTENDANTS} attendant queues + ${GUESTS} guest pages`);

  const sent = new Map(); // `${ticketId}|${status}` -> send time
  async function move(car) {
    sent.set(`${car.id}|requested`, performance.now());
    await call("POST", `/api/claim/${car.token}/request`);
    for (const status of ["retrieving", "ready", "delivered"]) {
      if (PAUSE) await new Promise((r) => setTimeout(r, PAUSE * (0.5 + Math.random())));
      sent.set(`${car.id}|${status}`, performance.now());
      await call("PATCH", `/api/valet/tickets/${car.id}`, { cookie: car.attendant.cookie, json: { status } });
    }
  }
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < cars.length) await move(cars[next++]);
    }),
  );
  const elapsed = performance.now() - started;
  await new Promise((r) => setTimeout(r, 2000)); // let the last events land

  const latencies = [];
  let missing = 0;
  const expectedPerChange = ATTENDANTS + 1;
  for (const [key, at] of sent) {
    const got = arrivals.get(key) ?? [];
    missing += Math.max(0, expectedPerChange - got.length);
    for (const t of got) latencies.push(t - at);
  }
  latencies.sort((a, b) => a - b);
  const f = (v) => `${v.toFixed(1)} ms`;
  console.log(`state changes: ${sent.size} in ${(elapsed / 1000).toFixed(1)} s (${((sent.size / elapsed) * 1000).toFixed(0)}/s)`);
  console.log(`deliveries: ${latencies.length} of ${sent.size * expectedPerChange} (missing ${missing})`);
  console.log(`change -> page latency: p50 ${f(pct(latencies, 50))}, p95 ${f(pct(latencies, 95))}, p99 ${f(pct(latencies, 99))}, max ${f(latencies.at(-1))}`);
  const ok = missing === 0 && pct(latencies, 99) < TARGET_P99_MS;
  console.log(ok ? `PASS: p99 < ${TARGET_P99_MS} ms, every page got every change` : `MISS: target p99 < ${TARGET_P99_MS} ms with no missing delivery`);
  if (STRICT && !ok) process.exitCode = 1;
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(() => setTimeout(() => process.exit(), 100));
