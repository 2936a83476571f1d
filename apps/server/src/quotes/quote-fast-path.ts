// POST /api/quotes pre-dispatched on node:http, ahead of Hono. Quotes are the busiest public route (the booking
// form asks for one on every change), and through Hono a quote costs several times its own work (a Web Request
// object, the middleware chain, dozens of promises). This listener calls the route's own handler (answerQuote)
// and does what the Hono app's middleware does for the route (request id, metrics, security headers, Origin check,
// body limit, JSON body and schema, error envelope) with the same functions; quote-fast-path.test.ts holds both
// paths to the same answers and headers. Decision 021.
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { quoteInputSchema } from "@meridian/shared/booking";
import type { Deps } from "../lib/context";
import { errorReply } from "../lib/error-reply";
import { PAYLOAD_TOO_LARGE_BODY } from "../lib/errors";
import { CROSS_ORIGIN_BODY, isCrossSite, trustedOriginsOf } from "../lib/origin-check";
import { requestIdGenerator } from "../lib/request-id";
import { MAX_BODY_BYTES, parseJsonText, parseWith } from "../lib/validate";
import { answerQuote } from "./quote.service";

const QUOTES_PATH = "/api/quotes";

/**
 * The Hono app's middleware ahead of POST /api/quotes (app.ts, in its order), each of which this listener does
 * with the same function; quote-fast-path.test.ts fails when the app's list changes and this one does not.
 */
export const QUOTE_MIDDLEWARE = ["request id (requestIdGenerator)", "request metrics (metrics.observeRequest)", "security headers (securityHeaderList)", "Origin check (isCrossSite)", "body limit (MAX_BODY_BYTES)"] as const;

// Answers are written together once the event loop has handled every request it read in this turn (the
// check phase, right after I/O), like Redis' write-before-sleep: under load the client's side wakes once for
// a batch of answers instead of once per answer, which costs the server's write as much as a quote's own
// work. An idle server answers in the same turn all the same.
let pending: [ServerResponse, string][] = [];
function flushAnswers() {
  const answers = pending;
  pending = [];
  for (const [res, json] of answers) res.end(json);
}

/**
 * A request listener that answers POST /api/quotes itself and hands every other request to `next`.
 * `headers`: what the Hono app's middleware adds to every answer (the security headers, lib/security-headers.ts).
 */
export function withQuoteFastPath(deps: Deps, next: RequestListener, headers: Record<string, string>): RequestListener {
  const nextRequestId = requestIdGenerator();
  const { metrics } = deps;
  // As a flat [name, value, ...] list, which node:http takes with a little less work than an object.
  const fixedHeaders = Object.entries(headers).flat();
  const trusted = trustedOriginsOf(deps.config.publicUrl);

  return (req: IncomingMessage, res: ServerResponse) => {
    if (req.method !== "POST" || req.url !== QUOTES_PATH) {
      next(req, res);
      return;
    }
    const requestId = nextRequestId();
    const started = performance.now();
    // A string body goes out in one socket write with the header; a quote's JSON is plain ASCII (see
    // quoteResponseJson): its length is its byte count, and the write is the cheapest.
    const send = (status: number, json: string, bytes = Buffer.byteLength(json), extra: string[] = []) => {
      res.writeHead(status, [...fixedHeaders, "content-type", "application/json", "content-length", String(bytes), "x-request-id", requestId, ...extra]);
      metrics.observeRequest("POST", QUOTES_PATH, status, (performance.now() - started) / 1000);
      if (pending.push([res, json]) === 1) setImmediate(flushAnswers);
    };
    const fail = (err: unknown) => {
      const { status, body, retryAfter } = errorReply(err, deps.logger, { requestId, path: QUOTES_PATH });
      if (res.headersSent) return void res.destroy(); // failed while answering: cut the connection
      const json = JSON.stringify(body);
      send(status, json, Buffer.byteLength(json), retryAfter ? ["retry-after", String(retryAfter)] : []); // as the Hono app answers
    };
    const answer = (json: string) => send(200, json, json.length);
    // As soon as the body is known to be too large; the connection closes so the rest is not read.
    const tooLarge = () => {
      res.setHeader("connection", "close");
      send(413, JSON.stringify(PAYLOAD_TOO_LARGE_BODY));
    };

    if (isCrossSite(trusted, req.method, req.headers.origin, req.headers["sec-fetch-site"] as string | undefined)) {
      res.setHeader("connection", "close"); // the body is not read
      send(403, JSON.stringify(CROSS_ORIGIN_BODY));
      return;
    }
    if (Number(req.headers["content-length"]) > MAX_BODY_BYTES) {
      tooLarge();
      return;
    }
    const chunks: Buffer[] = [];
    let bytes = 0;
    req.on("data", (chunk: Buffer) => {
      if (bytes > MAX_BODY_BYTES) return;
      bytes += chunk.length;
      if (bytes > MAX_BODY_BYTES) tooLarge();
      else chunks.push(chunk);
    });
    req.on("error", () => res.destroy());
    req.on("end", () => {
      if (bytes > MAX_BODY_BYTES) return;
      try {
        // Like Request.text() on the Hono route: UTF-8, a leading byte-order mark dropped.
        let text = (chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)).toString("utf8");
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
        const input = parseWith(quoteInputSchema, parseJsonText(req.headers["content-type"], text));
        answerQuote(deps, input).then(answer).catch(fail);
      } catch (err) {
        fail(err);
      }
    });
  };
}
