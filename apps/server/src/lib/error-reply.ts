// What any failure answers: the HTTP status and { error: { code, message, fields? } }. Used by the Hono app's
// error handler and by the quote fast path, so both answer alike.
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { GeoError } from "../geo/types";
import { errorBody, HttpError } from "./errors";
import type { Logger } from "./logger";

export const PROVIDER_DOWN_MESSAGE = "The maps service is not answering. Please try again.";

export const DATABASE_DOWN_MESSAGE = "The service is briefly unavailable. Please try again in a moment.";
/** Seconds a client is asked to wait when the database is down or full. */
export const DATABASE_DOWN_RETRY_AFTER_S = 5;

// PostgreSQL: connection failures (08xxx), the server shutting down (57P01-57P03), cannot connect now, disk full or
// out of memory (53xxx), read-only (25006); postgres.js and PGlite: a closed or lost connection.
const DOWN_SQLSTATE = /^(08...|57P0[123]|53...|25006)$/;
const DOWN_NODE_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOSPC", "CONNECTION_ENDED", "CONNECTION_CLOSED", "CONNECTION_DESTROYED", "CONNECT_TIMEOUT"]);

/** Whether an error (or what it wraps, e.g. Drizzle's query error) says the database cannot answer now. */
export function isDatabaseDown(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === "object" && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = String((e as { code?: unknown }).code ?? "");
    if (DOWN_SQLSTATE.test(code) || DOWN_NODE_CODES.has(code)) return true;
    if (/PGlite is closed/.test(String((e as { message?: unknown }).message ?? ""))) return true;
  }
  return false;
}

export function errorReply(err: unknown, logger: Logger, meta: { requestId: string; path: string }): { status: ContentfulStatusCode; body: ReturnType<typeof errorBody>; retryAfter?: number } {
  if (err instanceof HttpError) return { status: err.status, body: errorBody(err.code, err.message, err.fields, err.extra) };
  // The maps provider is down or answered nonsense (places, quotes and bookings alike): the client shows its
  // 'Geocoder failed' / 'Quote Error' toast with this message.
  if (err instanceof GeoError && err.code === "provider_error") {
    logger.warn("maps provider failed", { ...meta, err: err.message });
    return { status: 502, body: errorBody("provider_error", PROVIDER_DOWN_MESSAGE) };
  }
  // The database is down, restarting or full: a client should come back shortly, not report a bug.
  if (isDatabaseDown(err)) {
    logger.error("database unavailable", { ...meta, err: String(err) });
    return { status: 503, body: errorBody("unavailable", DATABASE_DOWN_MESSAGE), retryAfter: DATABASE_DOWN_RETRY_AFTER_S };
  }
  logger.error("unhandled error", { ...meta, err: String(err), stack: (err as Error).stack });
  return { status: 500, body: errorBody("internal", "Something went wrong") };
}
