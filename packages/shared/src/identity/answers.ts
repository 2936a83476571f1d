// The identity domain's answers (zod): better-auth's answers under /api/auth, as Meridian's gate passes them on
// (better-auth may add fields in a minor release: these name what clients may rely on, and allow more).
import { z } from "zod";
import { roles } from "../roles";

export const authUserSchema = z.looseObject({ id: z.string(), email: z.email(), name: z.string(), emailVerified: z.boolean() });
/** The signed-in user as the session answer carries it: Meridian's role and whether the account is inactive. */
export const sessionUserSchema = z.looseObject({ ...authUserSchema.shape, role: z.enum(roles), banned: z.boolean() });
export type SessionUser = z.output<typeof sessionUserSchema>;
export const authSessionSchema = z.looseObject({ id: z.string(), userId: z.string(), expiresAt: z.string() });

/** Each better-auth endpoint the gate lets through: its success answer (status 200). */
export const authAnswers = {
  "/sign-up/email": z.looseObject({ token: z.string().nullable().describe("null until the e-mail address is verified"), user: authUserSchema }),
  "/sign-in/email": z.looseObject({ redirect: z.boolean(), token: z.string().describe("Also sent as the session cookie and the set-auth-token header"), user: authUserSchema }),
  "/request-password-reset": z.looseObject({ status: z.boolean() }),
  "/reset-password": z.looseObject({ status: z.boolean() }),
  "/send-verification-email": z.looseObject({ status: z.boolean() }),
  "/sign-out": z.looseObject({ success: z.boolean() }),
  "/get-session": z.looseObject({ session: authSessionSchema, user: sessionUserSchema }).nullable().describe("null when not signed in"),
} as const;
