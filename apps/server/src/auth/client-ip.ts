// The client's IP comes from the socket. X-Forwarded-For is believed only when the socket peer is one of
// TRUSTED_PROXIES, and then only the hops those proxies appended (walked right to left).
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

export function clientIpOf(c: Context, trustedProxies: string[]): string {
  let socketIp = "127.0.0.1"; // app.request() in tests has no socket
  try {
    socketIp = getConnInfo(c).remote.address ?? socketIp;
  } catch {
    /* no socket */
  }
  socketIp = socketIp.replace(/^::ffff:/, "");
  if (!trustedProxies.includes(socketIp)) return socketIp;
  const hops = (c.req.header("x-forwarded-for") ?? "")
    .split(",")
    .map((h) => h.trim().replace(/^::ffff:/, ""))
    .filter(Boolean);
  for (let i = hops.length - 1; i >= 0; i--) {
    if (!trustedProxies.includes(hops[i]!)) return hops[i]!;
  }
  return socketIp;
}
