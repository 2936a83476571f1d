// Test helper: a local HTTP server (ephemeral port) that replays provider answers from geo/fixtures/ (or given ones) and
// records every request it receives, so adapter tests can assert what was sent and count upstream calls.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";

export type Recorded = { method: string; path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; body: string };
export type Reply = { status?: number; fixture?: string; raw?: string; delayMs?: number; contentType?: string };
/** Route key: "METHOD /path" (path without the query string). */
export type Routes = Record<string, Reply>;

const fixturesDir = path.join(path.dirname(new URL(import.meta.url).pathname), "..", "geo", "fixtures");
export const fixture = (name: string): unknown => JSON.parse(fs.readFileSync(path.join(fixturesDir, name), "utf8"));

export async function startReplayServer(initial: Routes = {}) {
  let routes: Routes = { ...initial };
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://replay");
      const rec: Recorded = { method: req.method ?? "", path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") };
      requests.push(rec);
      const reply = routes[`${rec.method} ${rec.path}`];
      const send = () => {
        if (res.destroyed) return;
        if (!reply) {
          res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { code: 404, message: "no fixture" } }));
          return;
        }
        const body = reply.raw ?? (reply.fixture ? fs.readFileSync(path.join(fixturesDir, reply.fixture)) : "");
        res.writeHead(reply.status ?? 200, { "content-type": reply.contentType ?? "application/json" }).end(body);
      };
      if (reply?.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Replace the answers (e.g. make the upstream fail). */
    setRoutes(next: Routes) {
      routes = { ...next };
    },
    /** Requests received so far, optionally only those to one path. */
    count(pathname?: string) {
      return pathname ? requests.filter((r) => r.path === pathname).length : requests.length;
    },
    reset() {
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type ReplayServer = Awaited<ReturnType<typeof startReplayServer>>;
