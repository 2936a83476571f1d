// Request parsing with the shared zod schemas. Malformed JSON, wrong types and unknown fields all end
// in a 400 with per-field messages; a handler only ever sees valid input.
import type { Context } from "hono";
import type { z } from "zod";
import { badRequest, type FieldErrors } from "./errors";

const MAX_BODY_BYTES = 64 * 1024;

export function fieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
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

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    const first = Object.values(fields)[0] ?? "Invalid input.";
    throw badRequest(first, fields);
  }
  return result.data;
}

export async function readJson(c: Context): Promise<unknown> {
  const type = c.req.header("content-type") ?? "";
  if (!type.includes("application/json")) throw badRequest("Send a JSON body (Content-Type: application/json).", undefined, "unsupported_media_type");
  const text = await c.req.text();
  if (text.length > MAX_BODY_BYTES) throw badRequest("The request body is too large.", undefined, "payload_too_large");
  try {
    return JSON.parse(text);
  } catch {
    throw badRequest("The request body is not valid JSON.", undefined, "invalid_json");
  }
}

export async function parseBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  return parseWith(schema, await readJson(c));
}

export function parseQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  return parseWith(schema, c.req.query());
}
