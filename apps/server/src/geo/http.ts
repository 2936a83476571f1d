// One way to call a maps provider: a time limit on every request, and every failure (network, timeout,
// HTTP error, malformed JSON or image) becomes a GeoError("provider_error") instead of an unhandled exception.
import { GeoError } from "./types";

export type FetchFn = typeof fetch;

export type JsonResponse = { status: number; body: unknown };

type FetchInit = RequestInit & { timeoutMs: number; provider: string };

/** The response within the time limit; a failure to get one is a GeoError("provider_error"). */
async function fetchResponse(fetchFn: FetchFn, url: string, init: FetchInit): Promise<Response> {
  const { timeoutMs, provider, ...rest } = init;
  const signal = AbortSignal.timeout(timeoutMs);
  // A pooled keep-alive connection the far end has just closed fails at once: one retry on a fresh
  // connection (every call here is a read, safe to repeat). Timeouts are not retried.
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetchFn(url, { ...rest, signal });
    } catch (err) {
      const timedOut = signal.aborted || (err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError"));
      if (timedOut) throw new GeoError("provider_error", `${provider} did not answer within ${timeoutMs} ms`);
      if (attempt < 2) continue;
      const cause = err instanceof Error && err.cause instanceof Error ? ` (${(err.cause as Error & { code?: string }).code ?? err.cause.message})` : "";
      throw new GeoError("provider_error", `${provider} could not be reached${cause}`);
    }
  }
}

export async function fetchJson(fetchFn: FetchFn, url: string, init: FetchInit & { okStatuses?: number[] }): Promise<JsonResponse> {
  const { okStatuses = [], ...rest } = init;
  const res = await fetchResponse(fetchFn, url, rest);
  let text: string;
  try {
    text = await res.text();
  } catch {
    throw new GeoError("provider_error", `${init.provider} answer was cut off`);
  }
  if (!res.ok && !okStatuses.includes(res.status)) {
    throw new GeoError("provider_error", `${init.provider} answered HTTP ${res.status}`);
  }
  try {
    return { status: res.status, body: text ? JSON.parse(text) : null };
  } catch {
    throw new GeoError("provider_error", `${init.provider} answered malformed JSON`);
  }
}

/** An image (e.g. a static map): its bytes and type; anything but a 2xx image is a provider_error. */
export async function fetchImage(fetchFn: FetchFn, url: string, init: FetchInit): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  const res = await fetchResponse(fetchFn, url, init);
  let body: Uint8Array<ArrayBuffer>;
  try {
    body = new Uint8Array(await res.arrayBuffer());
  } catch {
    throw new GeoError("provider_error", `${init.provider} answer was cut off`);
  }
  if (!res.ok) throw new GeoError("provider_error", `${init.provider} answered HTTP ${res.status}`);
  const contentType = (res.headers.get("content-type") ?? "").split(";")[0]!.trim();
  if (!/^image\/(png|jpeg|gif|webp)$/.test(contentType) || body.length === 0) throw malformed(init.provider, "map image");
  return { body, contentType };
}

/** Small readers for untrusted JSON. */
export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);
export const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
export const num = (v: unknown): number | undefined => (typeof v === "number" && Number.isFinite(v) ? v : undefined);
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

export function malformed(provider: string, what: string): GeoError {
  return new GeoError("provider_error", `${provider} answered an unexpected ${what}`);
}
