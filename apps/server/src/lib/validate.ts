// Request parsing with the shared zod schemas. Malformed JSON, wrong types and unknown fields all end
// in a 400 with per-field messages; a handler only ever sees valid input.
import type { Context } from "hono";
import type { z } from "zod";
import { uuidParamSchema } from "@meridian/shared/admin";
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_REQUIRED_MESSAGE, idempotencyKeySchema } from "@meridian/shared/booking";
import { badRequest, notFound, type FieldErrors } from "./errors";

export const MAX_BODY_BYTES = 64 * 1024;

/** Field errors by name, with no prototype: a field named "constructor" or "__proto__" is a field like any other. */
export const noFields = (): FieldErrors => Object.create(null) as FieldErrors;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields = noFields();
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "_";
    if (issue.code === "unrecognized_keys") {
      for (const k of issue.keys) fields[[...issue.path, k].join(".")] ??= "Unknown field.";
      continue;
    }
    fields[key] ??= issue.message;
  }
  return fields;
}

/**
 * The database cannot store a NUL character in text, nor half of a UTF-16 surrogate pair in JSON (PostgreSQL refuses
 * the `\ud800` escape JSON.stringify writes for it): such a value is refused here, never by the database.
 */
export const NUL_MESSAGE = "This text contains a character that is not allowed (NUL).";
export const LONE_SURROGATE_MESSAGE = "This text contains a character that is not allowed (half of a surrogate pair).";

/** What is wrong with a string's characters (NUL_MESSAGE, LONE_SURROGATE_MESSAGE), or null. */
function badCharacter(text: string): string | null {
  if (text.includes("\0")) return NUL_MESSAGE;
  return (text as unknown as { isWellFormed(): boolean }).isWellFormed() ? null : LONE_SURROGATE_MESSAGE;
}

/**
 * A field error for every string in `value` that holds a character the database cannot store (badCharacter). Run it
 * on input the schema has already accepted: its shape is then bounded (a deeply nested body never gets this far).
 */
export function badCharacterFields(value: unknown, path = "", fields: FieldErrors = noFields()): FieldErrors {
  if (typeof value === "string") {
    const bad = badCharacter(value);
    if (bad) fields[path || "_"] ??= bad;
  } else if (typeof value === "object" && value !== null) {
    for (const [k, v] of Object.entries(value)) badCharacterFields(v, path ? `${path}.${k}` : k, fields);
  }
  return fields;
}

/** Whether any string in `value` holds such a character (badCharacterFields without building the fields' paths: every request asks). */
function hasBadCharacter(value: unknown): boolean {
  if (typeof value === "string") return badCharacter(value) !== null;
  if (typeof value !== "object" || value === null) return false;
  for (const v of Object.values(value)) if (hasBadCharacter(v)) return true;
  return false;
}

/** The 400 for `value`'s bad characters, its message the first field's. */
export function badCharacterError(fields: FieldErrors) {
  return badRequest(Object.values(fields)[0] ?? NUL_MESSAGE, fields);
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    const first = Object.values(fields)[0] ?? "Invalid input.";
    throw badRequest(first, fields);
  }
  if (hasBadCharacter(result.data)) throw badCharacterError(badCharacterFields(result.data));
  return result.data;
}

/** The media type of a Content-Type header, parameters left out: "Application/JSON; charset=utf-8" is application/json. */
export function mediaType(contentType: string | undefined): string {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase();
}

/**
 * Only application/json is read as JSON, by its media type (never a substring: "text/plain; x=application/json"
 * is text, which a browser sends from another site without asking first).
 */
function assertJsonType(contentType: string | undefined) {
  if (mediaType(contentType) !== "application/json") throw badRequest("Send a JSON body (Content-Type: application/json).", undefined, "unsupported_media_type");
}

/** A request body's text as JSON, with the same checks as readJson (for handlers that read the body themselves). */
export function parseJsonText(contentType: string | undefined, text: string): unknown {
  assertJsonType(contentType);
  if (text.length > MAX_BODY_BYTES) throw badRequest("The request body is too large.", undefined, "payload_too_large");
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON.", undefined, "invalid_json");
  }
}

export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header("content-type");
  assertJsonType(type); // before reading a body we would refuse anyway
  return parseJsonText(type, await c.req.text());
}

export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return parseWith(schema, await readJson(c));
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}

/** A route's `:id`, which must be a UUID: anything else answers 404 "<what> not found.", as a missing row does. */
export function idParam(c: Context, what: string): string {
  const id = c.req.param("id") ?? "";
  if (!uuidParamSchema.safeParse(id).success) throw notFound(`${what} not found.`);
  return id;
}

/** Longer than any user id (better-auth's are 32 characters; the seed's are names). */
const MAX_USER_ID_LENGTH = 200;

/**
 * A user's id from the path (`:id`), or 404 `<what> not found.` for one that cannot be a user's. User ids are
 * better-auth's strings, not uuids (idParam); a NUL character would reach the database and fail there (a 500).
 */
export function userIdParam(c: Context, what: string): string {
  const id = c.req.param("id") ?? "";
  if (!id || id.length > MAX_USER_ID_LENGTH || id.includes("\0")) throw notFound(`${what} not found.`);
  return id;
}

/** The OpenAPI description of a required Idempotency-Key header (routes list it in `parameters`). */
export const idempotencyKeyParameter = {
  in: "header" as const,
  name: IDEMPOTENCY_KEY_HEADER,
  required: true,
  description: "A fresh value per booking attempt (e.g. a UUID); retries send the same one",
  schema: idempotencyKeySchema.toJSONSchema(),
};

/**
 * The request's Idempotency-Key header (1 to 200 characters once trimmed): missing or invalid answers 400
 * `idempotency_key_required` with the message on the header's field.
 */
export function idempotencyKey(c: Context, message: string = IDEMPOTENCY_KEY_REQUIRED_MESSAGE): string {
  const key = idempotencyKeySchema.safeParse(c.req.header(IDEMPOTENCY_KEY_HEADER) ?? "");
  if (!key.success) throw badRequest(message, { [IDEMPOTENCY_KEY_HEADER]: message }, "idempotency_key_required");
  return key.data;
}
