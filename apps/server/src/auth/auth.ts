// better-auth: e-mail + password with verification and reset, roles and inactive status (admin plugin:
// banned = inactive), bearer tokens for API clients, database-backed rate limits keyed by socket IP.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { admin, bearer } from "better-auth/plugins";
import { forgotPasswordSchema, signInSchema, signUpSchema } from "@meridian/shared/auth";
import type { Db } from "../db/client";
import * as schema from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { resetPasswordEmail, signUpAttemptEmail, verificationEmail } from "../mail/templates";
import type { Auth } from "../lib/auth-port";
import type { Logger } from "../lib/logger";
import { fieldErrors } from "../lib/validate";
import { IdleOffStorage } from "../lib/idle-off-storage";
import { clearSignInFailures } from "./lockout";
import { z } from "zod";
import { eq } from "drizzle-orm";

export const CLIENT_IP_HEADER = "x-meridian-client-ip";
export const INACTIVE_MESSAGE = "This account is inactive. Please contact Meridian concierge.";

const resetPasswordBody = z.object({
  newPassword: signUpSchema.shape.password,
  token: z.string({ error: "The reset link is invalid or has expired." }).min(1).max(512),
});

export type AuthOptions = {
  db: Db;
  mailer: Mailer;
  logger: Logger;
  baseURL: string;
  secret: string;
  trustedOrigins: string[];
  signInPerMinute: number;
};

function check<S extends z.ZodType>(schemaToUse: S, value: unknown) {
  const result = schemaToUse.safeParse(value);
  if (!result.success) {
    const fields = fieldErrors(result.error);
    throw new APIError("BAD_REQUEST", { code: "validation_error", message: Object.values(fields)[0], fields });
  }
}

/** Where better-auth keeps its process-wide state (@better-auth/core context/global), and the storages of its request context there. */
const BETTER_AUTH_GLOBAL = Symbol.for("better-auth:global");
export const AUTH_CONTEXT_STORAGES = ["requestStateAsyncStorage", "endpointContextAsyncStorage", "adapterAsyncStorage"] as const;

/**
 * better-auth makes its request-context storages on first use, unless its global already holds them: ours let Node's
 * promise hooks go again between sign-ins, so the requests that never reach better-auth (a booking, a valet move) do
 * not pay for them (decision 024).
 */
export function authContextStorages(): Record<(typeof AUTH_CONTEXT_STORAGES)[number], unknown> {
  const holder = globalThis as { [BETTER_AUTH_GLOBAL]?: { version: string; epoch: number; context: Record<string, unknown> } };
  const context = (holder[BETTER_AUTH_GLOBAL] ??= { version: "", epoch: 1, context: {} }).context;
  for (const name of AUTH_CONTEXT_STORAGES) context[name] ??= new IdleOffStorage();
  return context as Record<(typeof AUTH_CONTEXT_STORAGES)[number], unknown>;
}

export function createAuth(opts: AuthOptions): Auth {
  authContextStorages();
  const send = (mail: Parameters<Mailer["send"]>[0]) =>
    opts.mailer.send(mail).catch((err: unknown) => opts.logger.error("mail failed", { to: mail.to, err: String(err) }));

  return betterAuth({
    appName: "Meridian",
    baseURL: opts.baseURL,
    basePath: "/api/auth",
    secret: opts.secret,
    trustedOrigins: opts.trustedOrigins,
    telemetry: { enabled: false },
    // Into our JSON logger (warn and up). No `level` here: better-auth would then also print every
    // 4xx APIError to console.error.
    logger: {
      log: (level, message, ...args) => opts.logger[level](`better-auth: ${message}`, args.length ? { details: args.map(String) } : undefined),
    },
    database: drizzleAdapter(opts.db, {
      provider: "pg",
      schema: {
        user: schema.user,
        session: schema.session,
        account: schema.account,
        verification: schema.verification,
        rateLimit: schema.rateLimit,
      },
    }),
    user: {
      additionalFields: { phone: { type: "string", required: false, input: false } },
    },
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url }) => {
        await send(resetPasswordEmail(user.email, user.name, url));
      },
      // The reset link reached the mailbox: the address is proven, as by the verification link. A customer the desk
      // booked for (no password, not verified) sets a password this way and can then sign in and see the booking.
      onPasswordReset: async ({ user }) => {
        await clearSignInFailures(opts.db, user.email); // a locked-out owner who proved the mailbox signs in at once
        if (!user.emailVerified) await opts.db.update(schema.user).set({ emailVerified: true }).where(eq(schema.user.id, user.id));
      },
      // No account enumeration: a sign-up with a taken address answers exactly like a new one (better-auth's generic
      // answer while verification is required: a made-up user, the password hashed all the same), and the owner is
      // e-mailed instead of the stranger being told. Both paths hash once and write one e-mail, so they take as long.
      onExistingUserSignUp: async ({ user }) => {
        await send(signUpAttemptEmail(user.email, user.name, opts.baseURL));
      },
      // The made-up user carries what a new row gets by default (the admin plugin's role and ban fields): no tell.
      customSyntheticUser: ({ coreFields, additionalFields, id }) => ({
        ...coreFields,
        role: "user",
        banned: false,
        banReason: null,
        banExpires: null,
        phone: null,
        ...additionalFields,
        id,
      }),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: false,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        await send(verificationEmail(user.email, user.name, url));
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      // No cookie cache: a signed-out, reset or deactivated session must stop working at once, not a minute later.
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 200,
      customRules: {
        "/sign-in/email": { window: 60, max: opts.signInPerMinute },
        "/sign-up/email": { window: 60, max: opts.signInPerMinute },
        "/request-password-reset": { window: 60, max: Math.max(3, Math.floor(opts.signInPerMinute / 2)) },
        // Reading the session guesses nothing and every page load does it: many people behind one address
        // (a venue's Wi-Fi, an office) must never be signed out by a limit.
        "/get-session": false,
        // Each call sends an e-mail: no mailbox should be floodable from one client.
        "/send-verification-email": { window: 60, max: Math.max(3, Math.floor(opts.signInPerMinute / 2)) },
      },
    },
    advanced: {
      // Our HTTP layer derives the client IP from the socket (or a trusted proxy) and sets this header,
      // removing anything the client sent; better-auth must not trust X-Forwarded-For itself.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // better-auth skips its origin and callback-URL checks when NODE_ENV=test; keep them on so the
      // tests prove what production does (no open redirects in e-mailed links, CSRF origin check).
      disableOriginCheck: false,
      // A session and its user in one query (drizzle relations in db/schema.ts), not two: every signed-in request reads them.
      database: { generateId: () => crypto.randomUUID(), joins: true },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (ctx.path === "/sign-up/email") {
          check(signUpSchema, { fullName: body.name, email: body.email, password: body.password });
        } else if (ctx.path === "/reset-password") {
          check(resetPasswordBody, { newPassword: body.newPassword, token: body.token ?? ctx.query?.token });
        } else if (ctx.path === "/sign-in/email") {
          check(signInSchema, { email: body.email, password: body.password });
        } else if (ctx.path === "/request-password-reset") {
          check(forgotPasswordSchema, { email: body.email });
        }
      }),
    },
    plugins: [
      admin({ defaultRole: "user", adminRoles: ["admin"], bannedUserMessage: INACTIVE_MESSAGE }),
      bearer(),
    ],
  });
}

export type { Auth, SessionUser } from "../lib/auth-port";
