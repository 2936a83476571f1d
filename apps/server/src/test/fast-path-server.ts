// The test app on a real socket, served as main.ts serves it: POST /api/quotes on the fast path ahead of Hono.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener } from "@hono/node-server";
import { securityHeaderList } from "../lib/security-headers";
import { withQuoteFastPath } from "../quotes/quote-fast-path";
import type { TestApp } from "./harness";

/** Listens on a free loopback port; `base` is its URL, `close` stops it (the app is the caller's to close). */
export async function listenWithQuoteFastPath(t: TestApp): Promise<{ base: string; close: () => Promise<void> }> {
  const server = http.createServer(withQuoteFastPath(t.deps, getRequestListener(t.app.fetch), await securityHeaderList(t.deps.config)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
