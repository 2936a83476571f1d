// One error shape for every API failure: { error: { code, message, fields? } } with a 4xx status.
import type { ContentfulStatusCode } from "hono/utils/http-status";

export type FieldErrors = Record<string, string>;

export class HttpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly fields?: FieldErrors,
    /** More of the answer next to code and message (e.g. the PaymentIntent a card's authentication step needs). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, fields?: FieldErrors, code = "validation_error") =>
  new HttpError(400, code, message, fields);
export const unauthorized = (message = "Please sign in to continue.") => new HttpError(401, "unauthorized", message);
export const forbidden = (message = "You do not have access to this.") => new HttpError(403, "forbidden", message);
export const notFound = (message = "Not found.") => new HttpError(404, "not_found", message);
export const conflict = (message: string, code = "conflict") => new HttpError(409, code, message);

export function errorBody(code: string, message: string, fields?: FieldErrors, extra?: Record<string, unknown>) {
  return { error: { code, message, ...(fields && Object.keys(fields).length ? { fields } : {}), ...extra } };
}

/** The answer to a body over the 64 KB limit (with status 413), wherever it is caught. */
export const PAYLOAD_TOO_LARGE_BODY = errorBody("payload_too_large", "The request body is too large.");
