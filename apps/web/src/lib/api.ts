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
    /** For a developer: why an answer broke its schema (the zod error). */
    cause?: unknown,
  ) {
    super(message, { cause });
  }
}

type ApiInit = RequestInit & { json?: unknown };
/** The answer did not match its schema (a server and a client out of step): shown as any other failure. */
export const BAD_ANSWER = "bad_answer";

/** Where zod must not load with the page (the session, read on the home page): the schema's module, imported only
 * when there is an answer to check. A `null` answer (no body, or signed out) is returned without loading it. */
export type LazyAnswer<S extends z.ZodType> = () => Promise<S>;

/** Sends the request and parses the answer with `schema` (or the lazily loaded one). */
export async function api<S extends z.ZodType>(path: string, schema: S | LazyAnswer<S>, init?: ApiInit): Promise<z.output<S>> {
  const body = await send(path, init ?? {});
  if (typeof schema === "function") {
    if (body === null) return body as z.output<S>;
    schema = await schema();
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    throw new ApiError(0, BAD_ANSWER, `Something went wrong`, undefined, undefined, undefined, parsed.error);
  }
  return parsed.data;
}

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
