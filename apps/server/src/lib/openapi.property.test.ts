// The document as a contract, walked: for every operation, inputs generated from its own JSON Schemas (seeded,
// a few runs each) are sent to the app. Valid ones are accepted (2xx, or a domain 4xx: not found, conflict, a
// switched-off feature, never a validation error, unless the operation's zod schema holds a rule JSON Schema
// cannot say, listed below); invalid ones are refused with 400; nothing ever answers 5xx. Every 2xx answer is held
// to the document on the way (test/harness.ts).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFakeGeo } from "../test/fake-geo";
import { createTestApp, type TestApp } from "../test/harness";

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  const?: unknown;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  not?: { required?: string[] };
};
type Parameter = { in: string; name: string; required?: boolean; schema?: Schema };
type Operation = { "x-access"?: string; parameters?: Parameter[]; requestBody?: { content: Record<string, { schema: Schema }> }; responses: Record<string, { content?: Record<string, unknown> }> };
type Doc = { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };

/**
 * Operations whose zod schema holds a rule JSON Schema cannot say (a time on a quarter hour, a date not in the
 * past, one field against another, a known place id): an input valid by the document may be refused there with
 * 400 and the rule's message on its field.
 */
const RULES_BEYOND_JSON_SCHEMA = new Set([
  "POST /api/quotes",
  "POST /api/valet/quotes",
  "POST /api/bookings",
  "POST /api/admin/bookings",
  "POST /api/me/bookings/{id}/reschedule",
  "POST /api/admin/pricing/tiers",
  "PATCH /api/admin/pricing/tiers/{id}",
  "POST /api/admin/coupons",
  "PATCH /api/admin/coupons/{id}",
  "PUT /api/admin/settings/messages",
  "PUT /api/admin/settings/payments",
  "PUT /api/admin/settings/company",
  "PUT /api/admin/settings/maps",
  "PUT /api/admin/pricing/valet",
  "POST /api/admin/pricing/simulate-valet",
  "GET /api/admin/bookings",
  "GET /api/admin/bookings/export.csv",
  "GET /api/admin/reports",
  "GET /api/admin/reports/{file}",
  "POST /api/me/bookings/{id}/confirm-card",
  "POST /api/payment-links/{token}/confirm",
  "PATCH /api/admin/tickets/{id}",
  "PATCH /api/admin/users/{id}",
  "PATCH /api/admin/vehicles/{id}",
  "POST /api/admin/shifts",
  "PATCH /api/admin/fleet/units/{id}",
  "POST /api/admin/fleet/units",
  // A phone number valid in its country's numbering plan (the document says a string of at most 30 characters).
  "PATCH /api/me/profile",
  "POST /api/valet/tickets",
  // A time zone the server's clock knows (America/Los_Angeles; the list is the runtime's).
  "PUT /api/admin/settings",
]);

const RUNS = 3;
const SEED = 20261126;
const ID = "00000000-0000-4000-8000-000000000000";
const WORD = fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789".split(""));

let t: TestApp;
let doc: Doc;
let cookie: string;
let chauffeur: string;

beforeAll(async () => {
  t = await createTestApp({}, { geo: createFakeGeo() });
  ({ cookie } = await t.userWithSession({ role: "admin" }));
  ({ cookie: chauffeur } = await t.userWithSession({ role: "chauffeur" }));
  doc = (await t.call("GET", "/api/openapi.json")).body as Doc;
});
afterAll(() => t.close());

/** Values valid by a JSON Schema (as zod wrote it: bounds, patterns, formats, enums, unions). */
function valid(s: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!s || depth > 6) return fc.constant(null);
  if (s.$ref) return valid(doc.components?.schemas?.[s.$ref.replace("#/components/schemas/", "")], depth + 1);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const union = s.anyOf ?? s.oneOf;
  if (union) return fc.oneof(...union.map((x) => valid(x, depth + 1)));
  if (s.allOf) return valid(s.allOf[0], depth + 1);
  const type = Array.isArray(s.type) ? s.type.find((x) => x !== "null") : s.type;
  switch (type) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer": {
      const min = Math.ceil(s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0));
      return fc.integer({ min, max: Math.floor(s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : min + 1000)) });
    }
    case "number": {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 0.01 : 0);
      const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 0.01 : min + 1000);
      // Whole cents (multipleOf 0.01) or whole numbers: what people type.
      return fc.integer({ min: Math.ceil(min * 100), max: Math.floor(max * 100) }).map((c) => (s.multipleOf === 0.01 ? c / 100 : Math.round(c / 100)));
    }
    case "string": {
      if (s.format === "uuid") return fc.uuid({ version: 4 });
      if (s.format === "email") return fc.tuple(fc.string({ unit: WORD, minLength: 1, maxLength: 12 }), WORD).map(([a, b]) => `${a}${b}@example.com`.toLowerCase());
      if (s.format === "date") return fc.date({ min: new Date("2027-01-01"), max: new Date("2027-12-31"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
      if (s.format === "date-time") return fc.date({ min: new Date("2027-01-01"), max: new Date("2027-12-31"), noInvalidDate: true }).map((d) => d.toISOString());
      const min = Math.max(s.minLength ?? 1, 1);
      const max = Math.max(min, Math.min(s.maxLength ?? 24, 24));
      if (s.pattern) return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity) && v.trim() === v);
      return fc.string({ unit: WORD, minLength: min, maxLength: max });
    }
    case "array":
      return fc.array(valid(s.items, depth + 1), { minLength: s.minItems ?? 0, maxLength: Math.max(s.minItems ?? 0, Math.min(s.maxItems ?? 3, 3)) });
    case "object":
    default: {
      const props = Object.entries(s.properties ?? {});
      if (!props.length) return fc.constant({});
      const record = fc.record(Object.fromEntries(props.map(([k, v]) => [k, valid(v, depth + 1)])), { requiredKeys: s.required ?? [] });
      // `not: { required: [a, b] }`: fields that exclude each other are never all given.
      const excluded = s.not?.required;
      return excluded ? record.filter((r) => !excluded.every((k) => k in r)) : record;
    }
  }
}

/** A value of the wrong type for a schema (a string is given an object, anything else a string). */
const wrongType = (s: Schema | undefined) => (s?.type === "string" || s?.format || s?.pattern ? { not: "this" } : "not this");

type Call = { method: string; path: string; json?: unknown; headers: Record<string, string> };

/** One request to an operation: `mode` valid, or invalid (a required body field of the wrong type, else an unknown query parameter). */
function requests(method: string, path: string, op: Operation, mode: "valid" | "invalid"): fc.Arbitrary<Call> {
  const params = op.parameters ?? [];
  const query = params.filter((p) => p.in === "query");
  const headers = params.filter((p) => p.in === "header" && p.required);
  const body = op.requestBody?.content["application/json"]?.schema;
  const resolved = body?.$ref ? doc.components?.schemas?.[body.$ref.replace("#/components/schemas/", "")] : body;
  const pathArb = fc.record(Object.fromEntries(params.filter((p) => p.in === "path").map((p) => [p.name, p.schema?.pattern || p.schema?.format === "date" ? valid(p.schema) : fc.constant(ID)])));
  const queryArb = fc.record(Object.fromEntries(query.map((p) => [p.name, valid(p.schema).map(String)])), { requiredKeys: query.filter((p) => p.required).map((p) => p.name) });
  return fc.tuple(pathArb, queryArb, body ? valid(body) : fc.constant(undefined)).map(([pathValues, q, json]) => {
    const search = new URLSearchParams(Object.entries(q as Record<string, string>).filter(([, v]) => v !== ""));
    let sent = json;
    if (mode === "invalid") {
      const field = resolved?.required?.[0];
      if (field && sent && typeof sent === "object") sent = { ...sent, [field]: wrongType(resolved?.properties?.[field]) };
      else search.set("zzUnknown", "1");
    }
    // A path parameter the document gives a pattern or a date format takes a value of it; any other, an id.
    const url = path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String((pathValues as Record<string, unknown>)[name] ?? ID))) + (search.size ? `?${search}` : "");
    return { method: method.toUpperCase(), path: url, json: sent, headers: Object.fromEntries(headers.map((h) => [h.name, crypto.randomUUID()])) };
  });
}

/** Every operation of ours a request can exercise: better-auth's, the local-only dev tools and event streams aside. */
function operations(): [string, string, Operation][] {
  return Object.entries(doc.paths)
    .filter(([path]) => !path.startsWith("/api/auth/") && !path.startsWith("/api/dev/"))
    .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => [method, path, op] as [string, string, Operation]))
    .filter(([, , op]) => !Object.values(op.responses).some((r) => r.content?.["text/event-stream"]));
}

describe("generated inputs to every operation of the document", () => {
  it("never answer 5xx; valid ones are accepted, invalid ones refused with 400", async () => {
    const problems: string[] = [];
    for (const [method, path, op] of operations()) {
      const key = `${method.toUpperCase()} ${path}`;
      for (const mode of ["valid", "invalid"] as const) {
        await fc.assert(
          fc.asyncProperty(requests(method, path, op, mode), async (req) => {
            // Admins pass every role check but a chauffeur's own step of a ride ({ only: ["chauffeur"] }).
            const res = await t.call(req.method, req.path, { cookie: op["x-access"] === "chauffeur" ? chauffeur : cookie, json: req.json, headers: req.headers });
            const said = `${key} (${mode}) ${req.path} ${JSON.stringify(req.json)?.slice(0, 200)} -> ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`;
            if (res.status >= 500) problems.push(said);
            else if (res.status >= 400 && !res.body?.error?.code) problems.push(`${said}: not the error shape`);
            else if (mode === "invalid" && res.status !== 400) problems.push(`${said}: an invalid input was not refused`);
            else if (mode === "valid" && res.status === 400 && res.body.error.code === "validation_error" && !RULES_BEYOND_JSON_SCHEMA.has(key)) problems.push(`${said}: a valid input was refused`);
          }),
          { numRuns: RUNS, seed: SEED },
        );
      }
    }
    expect(problems).toEqual([]);
  }, 600_000);
});
