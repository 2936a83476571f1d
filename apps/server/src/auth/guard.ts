// The HTTP gate in front of better-auth. Only the endpoints Meridian uses are reachable (the rest of
// better-auth's surface, e.g. update-user or the admin plugin's routes, would bypass our validation and
// audit log). JSON bodies are parsed and checked with the shared schemas here, so malformed JSON, wrong
// types, unknown fields and huge values end in a 4xx with per-field messages, never in better-auth.
import type { Context } from "hono";
import { z } from "zod";
import { forgotPasswordSchema, signInSchema, signUpSchema } from "@meridian/shared/auth";
import type { AppEnv } from "../lib/context";
import { badRequest, notFound, type FieldErrors } from "../lib/errors";
import { badCharacterError, badCharacterFields, fieldErrors, readJson } from "../lib/validate";

const typed = (message: string, inner: z.ZodType<unknown, string>) => z.string({ error: message }).pipe(inner);
const email = typed("Invalid email address", signUpSchema.shape.email);
const newPassword = typed("Password must be at least 8 characters", signUpSchema.shape.password);
/** A place to send the browser afterwards: a path here, or a URL that better-auth checks against trusted origins. */
const returnUrl = z.string({ error: "Invalid return address." }).min(1).max(2048, "Invalid return address.");

/** The better-auth endpoints Meridian uses that take a JSON body (POST), by path under /api/auth. */
export const authBodies: Record<string, z.ZodType> = {
  "/sign-up/email": z.strictObject({
    name: typed("Full name must be at least 2 characters", signUpSchema.shape.fullName),
    email,
    password: newPassword,
    callbackURL: returnUrl.optional(),
    rememberMe: z.boolean().optional(),
  }),
  "/sign-in/email": z.strictObject({
    email: typed("Invalid email address", signInSchema.shape.email),
    password: typed("Password is required", signInSchema.shape.password),
    callbackURL: returnUrl.optional(),
    rememberMe: z.boolean().optional(),
  }),
  "/request-password-reset": z.strictObject({
    email: typed("Invalid email address", forgotPasswordSchema.shape.email),
    redirectTo: returnUrl.optional(),
  }),
  "/reset-password": z.strictObject({
    newPassword,
    token: z.string({ error: "The reset link is invalid or has expired." }).min(1).max(512, "The reset link is invalid or has expired."),
  }),
  "/send-verification-email": z.strictObject({ email, callbackURL: returnUrl.optional() }),
  "/sign-out": z.strictObject({}),
};

/** The better-auth GET endpoints Meridian uses, under /api/auth (":token" is a path parameter). */
export const authGetPaths = ["/get-session", "/verify-email", "/reset-password/:token", "/ok", "/error"];
/** Of those, the pages a browser opens (e-mail links, better-auth's own pages): not in the API reference. */
export const authPageGetPaths = ["/verify-email", "/reset-password/:token", "/ok", "/error"];
const getPaths = authGetPaths.map((p) => new RegExp(`^${p.replace(/:[a-z]+/g, "[^/]+")}$`));

/** Form field names the web client uses, where they differ from better-auth's. */
const fieldNames: Record<string, string> = { name: "fullName" };

function renameFields(fields: FieldErrors): FieldErrors {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [fieldNames[k] ?? k, v]));
}

/**
 * Checks a request to /api/auth/*. Returns the request to hand to better-auth (for POSTs rebuilt from
 * the validated, normalised body) or throws an HttpError.
 */
export async function guardAuthRequest(c: Context<AppEnv>, headers: Headers): Promise<Request> {
  const path = c.req.path.replace(/^\/api\/auth/, "").replace(/\/+$/, "") || "/";
  const raw = c.req.raw;
  if (c.req.method === "GET") {
    if (!getPaths.some((p) => p.test(path))) throw notFound(`No API route GET ${c.req.path}.`);
    return new Request(raw.url, { method: "GET", headers });
  }
  const schema = authBodies[path];
  if (!schema) throw notFound(`No API route ${c.req.method} ${c.req.path}.`);

  // Sign-out may come without a body; everything else needs a JSON object.
  const input: unknown = path === "/sign-out" && (await c.req.text()) === "" ? {} : await readJson(c);
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw badRequest("The request body must be a JSON object.", undefined, "validation_error");
  }
  const result = schema.safeParse(input);
  if (!result.success) {
    const fields = renameFields(fieldErrors(result.error));
    throw badRequest(Object.values(fields)[0] ?? "Invalid input.", fields);
  }
  const bad = renameFields(badCharacterFields(result.data));
  if (Object.keys(bad).length) throw badCharacterError(bad);
  headers.set("content-type", "application/json");
  headers.delete("content-length");
  return new Request(raw.url, { method: "POST", headers, body: JSON.stringify(result.data) });
}
