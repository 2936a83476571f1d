// Invalid dates and times on every route (issue 21): every date or time field of every operation of the OpenAPI
// document (query parameters and JSON bodies) is sent impossible calendar dates (2026-02-30, 2026-13-01,
// 0000-00-00), impossible times, empty strings and junk, by fast-check. Each answer is a 400 whose fields name
// the date field with a message; never a 5xx. Routes are signed in as an admin, so access is never the answer.
// DATE_RUNS=2000 DATE_SEED=<n> runs it longer with another seed.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdminTestApp, type TestApp } from "./test/harness";

let t: TestApp;
let cookie: string;
beforeAll(async () => ({ t, cookie } = await createAdminTestApp()));
afterAll(() => t.close());

type Schema = { type?: unknown; format?: string; properties?: Record<string, Schema>; anyOf?: Schema[]; oneOf?: Schema[]; allOf?: Schema[]; enum?: unknown[] };
type Operation = { parameters?: { in: string; name: string; schema?: Schema }[]; requestBody?: { content?: Record<string, { schema?: Schema }> } };
type Field = { method: string; path: string; where: "query" | "body"; name: string };

/** A field that holds a date or a time of day, by its name (the document spells some as plain strings). */
const DATE_NAME = /(^|[a-z])(date|time|from|to|at|start|end)$/i;
/** Names that match but are not dates: the address to return to after a reset, a latitude. */
const NOT_DATE_NAMES = new Set(["redirectTo", "lat"]);
/** Fields with those names that are not dates: a mailbox's recipient, a map's destination place. */
const NOT_DATES = [/\/api\/dev\/mailbox/, /\/map\.svg$/];

const isStringy = (s: Schema): boolean =>
  s.type === "string" || (Array.isArray(s.type) && s.type.includes("string")) || [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(isStringy);

function dateFields(doc: { paths: Record<string, Record<string, Operation>> }): Field[] {
  const fields: Field[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (NOT_DATES.some((re) => re.test(path))) continue;
    for (const [method, op] of Object.entries(ops)) {
      for (const p of op.parameters ?? []) {
        if (p.in === "query" && DATE_NAME.test(p.name) && !NOT_DATE_NAMES.has(p.name) && p.schema && isStringy(p.schema) && !p.schema.enum) fields.push({ method, path, where: "query", name: p.name });
      }
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      for (const [name, s] of Object.entries(schema?.properties ?? {})) {
        if (DATE_NAME.test(name) && !NOT_DATE_NAMES.has(name) && isStringy(s) && !s.enum) fields.push({ method, path, where: "body", name });
      }
    }
  }
  return fields;
}

const invalidDates = fc.oneof(
  fc.constantFrom(
    "2026-02-30",
    "2026-13-01",
    "2026-01-32",
    "0000-00-00",
    "2025-02-29",
    "2026-00-10",
    "9999-99-99",
    "2026-04-31",
    "",
    " ",
    "junk",
    "2026-1-1",
    "26-01-01",
    "2026/01/01",
    "2026-01-01T25:00:00Z",
    "2026-02-30T10:00:00Z",
    "24:00",
    "12:60",
    "99:99",
    "7:5",
    "-1",
    "NaN",
    "Infinity",
    "\u0000",
  ),
  fc.string({ maxLength: 30 }).filter((s) => !/^\d{4}-\d{2}-\d{2}/.test(s) && !/^\d{2}:\d{2}$/.test(s)),
);

describe("invalid dates on every route of the API document", () => {
  it("answer 400 with a message on the date field, never a 5xx", async () => {
    const doc = (await t.call("GET", "/api/openapi.json")).body;
    const fields = dateFields(doc);
    // The document's date fields, as a floor: a renamed field must not silently leave the test.
    expect(fields.length).toBeGreaterThanOrEqual(20);
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...fields), invalidDates, async (field, value) => {
        // An empty optional filter in a query string is the filter left out (a form's empty field), not a date.
        if (field.where === "query" && value.trim() === "") return true;
        const url = field.path.replace(/\{[^}]+\}/g, "00000000-0000-4000-8000-000000000000");
        const res =
          field.where === "query"
            ? await t.call(field.method.toUpperCase(), `${url}?${new URLSearchParams({ [field.name]: value })}`, { cookie })
            : await t.call(field.method.toUpperCase(), url, { cookie, json: { [field.name]: value }, headers: { "Idempotency-Key": crypto.randomUUID() } });
        const message = res.body?.error?.fields?.[field.name];
        if (res.status !== 400 || typeof message !== "string" || message.length === 0) {
          failures.push(`${field.method.toUpperCase()} ${field.path} ${field.where}.${field.name}=${JSON.stringify(value)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
          return false;
        }
        return true;
      }),
      { numRuns: Number(process.env.DATE_RUNS ?? 400), seed: Number(process.env.DATE_SEED ?? 21) },
    ).catch((err: unknown) => {
      throw new Error(`${failures.slice(0, 5).join("\n")}\n${String(err).slice(0, 300)}`);
    });
  }, 240_000);
});
