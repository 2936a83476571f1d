// What any failure answers: the HTTP status and { error: { code, message, fields? } }. Used by the Hono app's
// error handler and by the quote fast path, so both answer alike.
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { GeoError } from "../geo/types";
import { errorBody, HttpError } from "./errors";
import type { Logger } from "./logger";

export const PROVIDER_DOWN_MESSAGE = "The maps service is not answering. Please try again.";

export function errorReply(err: unknown, logger: Logger, meta: { requestId: string; path: string }): { status: ContentfulStatusCode; body: ReturnType<typeof errorBody> } {
  if (err instanceof HttpError) return { status: err.status, body: errorBody(err.code, err.message, err.fields, err.extra) };
  // The maps provider is down or answered nonsense (places, quotes and bookings alike): the client shows its
  // 'Geocoder failed' / 'Quote Error' toast with this message.
  if (err instanceof GeoError && err.code === "provider_error") {
    logger.warn("maps provider failed", { ...meta, err: err.message });
    return { status: 502, body: errorBody("provider_error", PROVIDER_DOWN_MESSAGE) };
  }
  logger.error("unhandled error", { ...meta, err: String(err), stack: (err as Error).stack });
  return { status: 500, body: errorBody("internal", "Something went wrong") };
}
