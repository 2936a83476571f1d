// Every answer the test app sees is held to the served OpenAPI document (JSON Schema 2020-12, Ajv with formats):
// a 2xx JSON answer must be described (status and schema) and match; a described error must match its schema. So
// each API suite checks the document's answers as a side effect, and a schema that drifts from what a handler
// sends fails the suite that calls it. OPENAPI_SEEN_FILE (a path) appends "METHOD /path status" for each answer,
// to list the operations no suite exercises.
import fs from "node:fs";
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

type Media = { schema?: unknown };
type Operation = { responses?: Record<string, { content?: Record<string, Media> }> };
export type OpenApiDoc = { paths: Record<string, Record<string, Operation>> };

const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;
const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll("~", "~0").replaceAll("/", "~1")).join("/");

/** The document's path for a request path: literal segments win over `{param}` ones (export.csv over {id}). */
export function matchPath(doc: OpenApiDoc, path: string): string | undefined {
  const segments = path.split("?")[0]!.split("/");
  let best: { template: string; score: number } | undefined;
  for (const template of Object.keys(doc.paths)) {
    const parts = template.split("/");
    if (parts.length !== segments.length) continue;
    let score = 0;
    let ok = true;
    for (let i = 0; i < parts.length && ok; i++) {
      if (/^\{[^}]+\}$/.test(parts[i]!)) continue;
      if (parts[i] === segments[i]) score++;
      else ok = false;
    }
    if (ok && (!best || score > best.score)) best = { template, score };
  }
  return best?.template;
}

/** A checker of answers against one document (compiled lazily, one validator per operation and status). */
export function answerChecker(doc: OpenApiDoc) {
  const ajv = addFormats(new Ajv2020({ strict: false, allErrors: true }));
  ajv.addSchema(doc as object, "doc");
  const validators = new Map<string, ValidateFunction>();
  // Many answers share one schema (every 401 and 403 is the error shape): one compiled validator per distinct schema.
  const bySchema = new Map<string, ValidateFunction>();
  const validator = (template: string, method: string, status: string) => {
    const key = `${template} ${method} ${status}`;
    if (!validators.has(key)) {
      const schema = doc.paths[template]![method]!.responses![status]!.content!["application/json"]!.schema;
      const text = JSON.stringify(schema);
      const refers = text.includes('"$ref"');
      if (!refers && !bySchema.has(text)) {
        const { $schema: _dialect, ...standalone } = schema as Record<string, unknown>;
        bySchema.set(text, ajv.compile(standalone));
      }
      validators.set(key, refers ? ajv.getSchema(`doc#/${pointer("paths", template, method, "responses", status, "content", "application/json", "schema")}`)! : bySchema.get(text)!);
    }
    return validators.get(key)!;
  };

  /** What is wrong with this answer by the document (undefined: nothing). */
  return function problem(method: string, path: string, status: number, contentType: string | null, body: unknown): string | undefined {
    const template = matchPath(doc, path);
    const m = method.toLowerCase();
    if (process.env.OPENAPI_SEEN_FILE && template) fs.appendFileSync(process.env.OPENAPI_SEEN_FILE, `${m.toUpperCase()} ${template} ${status}\n`);
    const operation = template ? doc.paths[template]?.[m] : undefined;
    if (!operation || !template) return status >= 200 && status < 300 && path.startsWith("/api/") && !path.startsWith("/api/auth/") ? `${method} ${path} answered ${status} but is not in the document` : undefined;
    const described = operation.responses?.[String(status)];
    const json = contentType?.includes("application/json") ?? false;
    if (!described) return status >= 200 && status < 300 ? `${method} ${template} answered ${status}, which the document does not describe` : undefined;
    if (!json || !described.content?.["application/json"]?.schema) return undefined;
    const validate = validator(template, m, String(status));
    if (validate(body)) return undefined;
    return `${method} ${template} ${status} does not match the document: ${ajv.errorsText(validate.errors, { dataVar: "answer" })}\n${JSON.stringify(body).slice(0, 600)}`;
  };
}
