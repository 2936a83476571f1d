// Routes describe themselves: `route({...})` is the middleware that checks access and validates the query and the
// body with the shared zod schemas (as parseQuery/parseBody do), and the same object is the route's entry in the
// OpenAPI 3.1 document, which hono-openapi assembles from the app's routes (openapi.routes.ts). Nothing is written
// twice: the schema that validates is the schema described. See docs/decisions/014-openapi-security-metrics.md.
import type { Context, MiddlewareHandler } from "hono";
import { resolver, uniqueSymbol } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import { z } from "zod";
import { apiErrorSchema } from "@meridian/shared/api-error";
import { asRole, type Role } from "@meridian/shared/auth";
import { requireRole, requireUser } from "./session";
import type { AppEnv } from "./context";
import { badRequest } from "./errors";
import { noFields, parseBody, parseQuery } from "./validate";

/**
 * Who may call a route: anyone, any signed-in user, or one role or a list of roles (admins pass every role check),
 * or `{ only: [...] }`: those roles and nobody else, admins included (e.g. a chauffeur's own step of a ride).
 */
export type Access = "public" | "signed-in" | Exclude<Role, "user"> | readonly Exclude<Role, "user">[] | { readonly only: readonly Exclude<Role, "user">[] };

/** The roles a route lets in ("public" and "signed-in" let in everyone, signed in or not). */
export function rolesOf(access: Access): "public" | "signed-in" | readonly Role[] {
  if (access === "public" || access === "signed-in") return access;
  if (typeof access === "object" && "only" in access) return access.only;
  return [...new Set<Role>([...(typeof access === "string" ? [access] : access), "admin"])];
}

/** An OpenAPI parameter (query, header, path). */
export type Parameter = { in: "query" | "header" | "path"; name: string; required?: boolean; description?: string; schema?: object };

/** An answer: its schema (JSON), or a description with an optional schema and content type (e.g. CSV, SVG). */
export type ResponseSpec = z.ZodType | { description: string; schema?: z.ZodType; contentType?: string };

export type RouteSpec<B extends z.ZodType | undefined, Q extends z.ZodType | undefined> = {
  summary: string;
  description?: string;
  /** The document's sections: customer, places, bookings, admin, ... */
  tags: string[];
  access: Access;
  /** The 401's message for this route, when it is not the default one. */
  signInMessage?: string;
  /** The query string, validated (handlers read it with c.req.valid("query")). */
  query?: Q;
  /** The JSON body, validated (c.req.valid("json")). */
  body?: B;
  /** Parameters the handler checks itself (e.g. a header): documented only. */
  parameters?: Parameter[];
  /** The answers by status. 400 (validation), 401 and 403 (access) are added from `query`, `body` and `access`. */
  responses: Record<number, ResponseSpec>;
  /** Left out of the document (e.g. the document itself). */
  hide?: boolean;
};

type Out<B, Q> = (B extends z.ZodType ? { json: z.output<B> } : object) & (Q extends z.ZodType ? { query: z.output<Q> } : object);

const STATUS_TEXT: Record<number, string> = {
  200: "OK",
  201: "Created",
  400: "The input is not valid: error.fields says which field and why",
  401: "Not signed in",
  403: "Signed in without the role this needs",
  404: "Not found",
  409: "Conflict",
  413: "The body is over 64 KB",
  429: "Too many attempts",
  502: "The maps service is not answering",
};

function response(status: number, spec: ResponseSpec): OpenAPIV3_1.ResponseObject {
  const { description, contentType, ...rest } =
    spec instanceof z.ZodType ? { description: STATUS_TEXT[status] ?? String(status), schema: spec, contentType: undefined } : spec;
  // Every failure has the one error shape.
  const schema = rest.schema ?? (status >= 400 ? apiErrorSchema : undefined);
  if (!schema && !contentType) return { description };
  const media = contentType ?? "application/json";
  // Answers are described as they leave the server (zod's output side).
  const content = { [media]: schema ? { schema: resolver(schema, { options: { io: "output" } }) } : {} };
  return { description, content } as unknown as OpenAPIV3_1.ResponseObject;
}

/** The query schema's fields as OpenAPI query parameters (zod's JSON Schema of the input side). */
function queryParameters(schema: z.ZodType): Parameter[] {
  const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as {
    properties?: Record<string, { description?: string }>;
    required?: string[];
  };
  return Object.entries(json.properties ?? {}).map(([name, { description, ...property }]) => ({
    in: "query" as const,
    name,
    required: json.required?.includes(name) ?? false,
    schema: property,
    ...(description ? { description } : {}),
  }));
}

function operation(spec: RouteSpec<z.ZodType | undefined, z.ZodType | undefined>) {
  const responses: Record<string, OpenAPIV3_1.ResponseObject> = {};
  for (const [status, r] of Object.entries(spec.responses)) responses[status] = response(Number(status), r);
  const error = (status: number) => (responses[status] ??= response(status, { description: STATUS_TEXT[status]! }));
  if (spec.query || spec.body) error(400);
  if (spec.access !== "public") error(401);
  const roles = rolesOf(spec.access);
  if (typeof roles !== "string") error(403);
  return {
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: spec.tags,
    ...(spec.access === "public" ? {} : { security: [{ session: [] }, { bearer: [] }], "x-access": typeof roles === "string" ? roles : roles.join(" | ") }),
    parameters: [...(spec.query ? queryParameters(spec.query) : []), ...(spec.parameters ?? [])],
    ...(spec.body ? { requestBody: { required: true, content: { "application/json": { schema: resolver(spec.body) } } } } : {}),
    responses,
    ...(spec.hide ? { hide: true } : {}),
  };
}

/**
 * A route's access check, input validation and OpenAPI description in one middleware, placed before its handler:
 * `.post("/", route({ summary, tags, access: "signed-in", body: createBookingSchema, responses: { 201: createBookingResponseSchema } }), handler)`.
 * It answers 401/403 first, then 400 for a bad query, then 400 for a bad body (the API's one error shape).
 */
export function route<B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  spec: RouteSpec<B, Q>,
): MiddlewareHandler<AppEnv, string, { out: Out<B, Q> }> {
  const roles = rolesOf(spec.access);
  const described = new Set([...(spec.query ? queryParameters(spec.query) : []), ...(spec.parameters ?? [])].filter((p) => p.in === "query").map((p) => p.name));
  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    // The one access check: the caller it lets in is the route's actor.
    if (roles === "signed-in") c.set("actor", await requireUser(c, spec.signInMessage));
    else if (roles !== "public") c.set("actor", await requireRole(c, ...roles));
    refuseUndescribedQuery(c.req.url, described);
    if (spec.query) c.req.addValidatedData("query", parseQuery(c, spec.query) as Record<string, unknown>);
    if (spec.body) c.req.addValidatedData("json", (await parseBody(c, spec.body)) as Record<string, unknown>);
    await next();
  };
  return Object.assign(middleware, { [uniqueSymbol]: { spec: operation(spec) }, access: spec.access }) as MiddlewareHandler<AppEnv, string, { out: Out<B, Q> }>;
}

/**
 * Every event stream takes `lastEventId`: the web's live-updates client (apps/web/src/lib/event-stream.ts) sends it
 * when it reconnects by itself (EventSource cannot set the Last-Event-ID header). The streams replay nothing: the
 * client fetches afresh on reconnecting, so the value is only accepted.
 */
export const LAST_EVENT_ID: Parameter = { in: "query", name: "lastEventId", description: "The last event the client saw (sent on reconnecting; nothing is replayed)", schema: { type: "string" } };

export const UNKNOWN_QUERY_MESSAGE = "Unknown query parameter.";
export const EMPTY_QUERY_MESSAGE = "Leave this parameter out or give it a value.";

/**
 * Every route takes only the query parameters its description lists, each with a value: an unknown one (a typo
 * that would silently filter nothing) or an empty one answers 400 with the parameter in error.fields.
 */
function refuseUndescribedQuery(url: string, described: ReadonlySet<string>) {
  const at = url.indexOf("?");
  if (at < 0) return;
  const fields = noFields();
  for (const [name, value] of new URLSearchParams(url.slice(at + 1))) {
    if (!described.has(name)) fields[name] ??= UNKNOWN_QUERY_MESSAGE;
    else if (value.trim() === "") fields[name] ??= EMPTY_QUERY_MESSAGE;
  }
  const first = Object.keys(fields)[0];
  if (first !== undefined) throw badRequest(`${fields[first]} (${first})`, fields);
}

/**
 * A shorter `route` for a group of routes with one access rule and default tags (e.g. the admin API):
 * `const adminRoute = routesFor("admin", ["Admin"])`, then `adminRoute("Search users", { 200: schema }, { query })`.
 */
export function routesFor(access: Access, tags: string[]) {
  return <B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
    summary: string,
    responses: Record<number, ResponseSpec>,
    input: { body?: B; query?: Q; tags?: string[]; parameters?: Parameter[] } = {},
  ) => route<B, Q>({ summary, tags: input.tags ?? tags, access, responses, body: input.body, query: input.query, parameters: input.parameters });
}

/** The caller the route let in (route({ access }) set it), as the audit log names them, and the database. */
export function caller(c: Context<AppEnv>) {
  const me = c.get("actor");
  return { actor: { id: me.id, email: me.email, name: me.name, role: asRole(me.role) }, db: c.get("deps").database.db };
}

