// The one fetch wrapper: JSON in and out, cookies included, failures thrown as ApiError with the
// server's message (or 'Something went wrong', as the spec says). `api(path, schema)` parses the answer with
// the shared answer schema (packages/shared/src/<domain>/answers.ts): an answer that breaks it is an error the
// screen shows, never data rendered half-right.
import type { ApiErrorBody } from "@meridian/shared/api-error";
import type { z } from "zod";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** A card that needs its authentication step (402 authentication_required): the PaymentIntent to confirm. */
    readonly paymentIntent?: { id: string; clientSecret: string | null },
    /** A time that cannot be served (409 unavailable): the nearest sellable times the same day. */
    readonly alternatives?: { date: string; time: string }[],
  ) {
    super(message);
  }
}

type ApiInit = RequestInit & { json?: unknown };
/** The answer did not match its schema (a server and a client out of step): shown as any other failure. */
export const BAD_ANSWER = "bad_answer";

/** Sends the request and parses the answer with `schema`. */
export async function api<S extends z.ZodType>(path: string, schema: S, init?: ApiInit): Promise<z.output<S>>;
/** Not yet on a shared schema: the answer as sent, unchecked (the calls move to the form above domain by domain). */
export async function api<T>(path: string, init?: ApiInit): Promise<T>;
export async function api(path: string, schemaOrInit?: z.ZodType | ApiInit, maybeInit?: ApiInit): Promise<unknown> {
  const schema = isSchema(schemaOrInit) ? schemaOrInit : undefined;
  const init = (schema ? maybeInit : (schemaOrInit as ApiInit | undefined)) ?? {};
  const body = await send(path, init);
  if (!schema) return body;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(0, BAD_ANSWER, `Something went wrong`);
  }
  return parsed.data;
}

const isSchema = (x: unknown): x is z.ZodType => typeof x === "object" && x !== null && typeof (x as z.ZodType).safeParse === "function";

async function send(path: string, init: ApiInit): Promise<unknown> {
  const { json, headers, ...rest } = init;
  let res: Response;
  try {
    res = await fetch(path, {
      credentials: "include",
      ...rest,
      headers: { ...(json !== undefined ? { "content-type": "application/json" } : {}), ...headers },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch {
    throw new ApiError(0, "network_error", "Could not reach Meridian. Check your connection and try again.");
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const err = (body as Partial<ApiErrorBody> | null)?.error;
    throw new ApiError(res.status, err?.code ?? "http_error", err?.message ?? "Something went wrong", err?.fields, err?.paymentIntent, err?.alternatives);
  }
  return body;
}
