// An oversized body sent in chunks (no Content-Length) is refused with 413 and Connection: close, over a real
// socket: the unread rest of the body can never be taken for the next request on that connection (issue 21).
import net from "node:net";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";

let t: TestApp;
let server: ServerType;
let port: number;
beforeAll(async () => {
  t = await createTestApp();
  server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s));
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    if ("closeAllConnections" in server) server.closeAllConnections();
  });
  await t.close();
});

/** Sends `head` then `chunks` of the body on one socket; resolves with what came back and whether the server closed it. */
function rawExchange(head: string, chunks: string[]): Promise<{ text: string; closedByServer: boolean }> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    let text = "";
    let closedByServer = false;
    socket.on("data", (d) => (text += d.toString()));
    socket.on("end", () => (closedByServer = true));
    socket.on("error", () => {});
    socket.on("close", () => resolve({ text, closedByServer }));
    socket.write(head);
    let i = 0;
    const next = () => {
      if (socket.destroyed || i >= chunks.length) return;
      socket.write(chunks[i++]!, () => setTimeout(next, 1));
    };
    next();
    setTimeout(() => socket.destroy(), 5000); // a server that keeps the socket open fails below
  });
}

describe("oversized bodies", () => {
  it("a chunked body over 64 KB (no Content-Length) gets 413 payload_too_large with Connection: close, and the socket is closed", async () => {
    const piece = "x".repeat(8192);
    const chunk = `${piece.length.toString(16)}\r\n${piece}\r\n`;
    const head = [
      "POST /api/newsletter HTTP/1.1",
      "Host: 127.0.0.1",
      "Content-Type: application/json",
      "Transfer-Encoding: chunked",
      "Connection: keep-alive",
      "",
      "",
    ].join("\r\n");
    const { text, closedByServer } = await rawExchange(head, [...Array.from({ length: 12 }, () => chunk), "0\r\n\r\n"]);
    const [statusLine, ...lines] = text.split("\r\n");
    expect(statusLine).toBe("HTTP/1.1 413 Payload Too Large");
    expect(lines.map((l) => l.toLowerCase())).toContain("connection: close");
    expect(text).toContain('"code":"payload_too_large"');
    expect(closedByServer).toBe(true);
  });

  it("a declared Content-Length over 64 KB gets the same 413 with Connection: close", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/newsletter`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "x".repeat(70_000) }),
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("connection")).toBe("close");
  });
});
