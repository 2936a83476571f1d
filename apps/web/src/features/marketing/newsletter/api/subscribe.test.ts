// The newsletter fetcher: validates with the shared schema before sending, posts JSON, surfaces the
// server's refusal as an ApiError.
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api";
import { subscribeToNewsletter } from "./subscribe";

afterEach(() => vi.unstubAllGlobals());

function stubFetch(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

describe("subscribeToNewsletter", () => {
  it("posts the trimmed address as JSON to /api/newsletter", async () => {
    const fetchMock = stubFetch(201, { subscribed: true });
    await expect(subscribeToNewsletter({ email: "  guest@example.com " })).resolves.toEqual({ subscribed: true });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/newsletter");
    expect(init.method).toBe("POST");
    expect(JSON.parse(String(init.body))).toEqual({ email: "guest@example.com" });
  });

  it("refuses an invalid address without calling the server", async () => {
    const fetchMock = stubFetch(201, { subscribed: true });
    await expect(subscribeToNewsletter({ email: "not-an-email" })).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("throws the server's 409 already_subscribed as an ApiError", async () => {
    stubFetch(409, { error: { code: "already_subscribed", message: "This email might already be subscribed, or an error occurred." } });
    const err = await subscribeToNewsletter({ email: "guest@example.com" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, code: "already_subscribed" });
  });
});
