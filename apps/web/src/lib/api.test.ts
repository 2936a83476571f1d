// The one fetch wrapper: every answer is parsed with its schema (given, or loaded when the answer arrives), a broken
// answer is an error the screen shows (with the zod error kept for a developer), and a refusal keeps its fields.
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { ApiError, BAD_ANSWER, api } from "./api";

afterEach(() => vi.unstubAllGlobals());

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

const person = z.object({ name: z.string(), age: z.number().int() });

describe("api(path, schema)", () => {
  it("answers the parsed body", async () => {
    answer(200, { name: "Ada", age: 36, extra: true });
    await expect(api("/api/x", person)).resolves.toEqual({ name: "Ada", age: 36 });
  });

  it("turns an answer that breaks its schema into bad_answer, keeping which field broke", async () => {
    answer(200, { name: "Ada", age: "thirty-six" });
    const err = await api("/api/x", person).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ code: BAD_ANSWER, message: "Something went wrong" });
    expect(((err as ApiError).cause as z.ZodError).issues[0]?.path).toEqual(["age"]);
  });

  it("throws the server's refusal with its code, message and fields", async () => {
    answer(400, { error: { code: "invalid_input", message: "Check the form.", fields: { email: "Invalid email address" } } });
    await expect(api("/api/x", person, { method: "POST", json: {} })).rejects.toMatchObject({ status: 400, code: "invalid_input", fields: { email: "Invalid email address" } });
  });

  it("parses an empty answer (204) with z.null()", async () => {
    answer(204, undefined);
    await expect(api("/api/x", z.null(), { method: "DELETE" })).resolves.toBeNull();
  });
});

describe("api(path, load) with a lazily loaded schema", () => {
  it("loads the schema when there is an answer, and parses with it", async () => {
    answer(200, { name: "Ada", age: "old" });
    const load = vi.fn(async () => person);
    await expect(api("/api/x", load)).rejects.toMatchObject({ code: BAD_ANSWER });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("answers null (signed out) without loading the schema", async () => {
    answer(200, null);
    const load = vi.fn(async () => person.nullable());
    await expect(api("/api/auth/get-session", load)).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });
});
