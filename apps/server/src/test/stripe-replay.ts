// Test helper: a local HTTP server that replays Stripe's answers for the stripe adapter's tests
// (`stripe-stateful-mock` has no PaymentIntents API). A test loads the conversation it expects, in order;
// each request must be the next one expected, or it gets a 500 naming it (and the test fails). Like
// Stripe, a request repeating an Idempotency-Key already answered gets that same answer again, and one
// reusing the key with other parameters gets Stripe's idempotency_error.
import http from "node:http";
import type { AddressInfo } from "node:net";

export type StripeAnswer = { method: "GET" | "POST"; path: string; status?: number; body: unknown };
export type StripeRequest = { method: string; path: string; headers: http.IncomingHttpHeaders; form: URLSearchParams };

export async function startStripeReplay() {
  let expected: StripeAnswer[] = [];
  const requests: StripeRequest[] = [];
  const byKey = new Map<string, { form: string; status: number; body: string }>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://replay");
      const raw = Buffer.concat(chunks).toString("utf8");
      const form = new URLSearchParams(url.search.length > 1 ? url.search : raw);
      requests.push({ method: req.method ?? "", path: url.pathname, headers: req.headers, form });
      const send = (status: number, body: string) => res.writeHead(status, { "content-type": "application/json", "request-id": `req_${requests.length}` }).end(body);
      const key = req.headers["idempotency-key"];
      const seen = typeof key === "string" ? byKey.get(key) : undefined;
      if (typeof key === "string" && seen) {
        if (seen.form === raw) return send(seen.status, seen.body);
        return send(
          400,
          JSON.stringify({
            error: {
              type: "idempotency_error",
              message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
            },
          }),
        );
      }
      const next = expected[0];
      if (!next || next.method !== req.method || next.path !== url.pathname) {
        const want = next ? `${next.method} ${next.path}` : "nothing";
        return send(500, JSON.stringify({ error: { type: "api_error", message: `replay: got ${req.method} ${url.pathname}, expected ${want}` } }));
      }
      expected.shift();
      const status = next.status ?? 200;
      const body = JSON.stringify(next.body);
      if (typeof key === "string") byKey.set(key, { form: raw, status, body });
      send(status, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The answers the next requests get, in order. */
    expect(answers: StripeAnswer[]) {
      expected = [...answers];
      requests.length = 0;
    },
    /** Answers loaded but never asked for. */
    pending: () => expected.map((a) => `${a.method} ${a.path}`),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
