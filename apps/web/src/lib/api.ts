// The one fetch wrapper: JSON in and out, cookies included, failures thrown as ApiError with the
// server's message (or 'Something went wrong', as the spec says).
import type { ApiErrorBody } from "@meridian/shared/api-error";

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

export async function api<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
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
  return body as T;
}
