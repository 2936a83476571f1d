// Account inputs, with the spec's exact messages. Used by the forms (zodResolver) and the server.
import { z } from "zod";

/**
 * One role set for the whole product, checked on the server for every route. "user" is a customer;
 * valet attendants, chauffeurs and dispatchers are staff; admins run the business.
 */
export const roles = ["user", "valet", "chauffeur", "dispatcher", "admin"] as const;
export type Role = (typeof roles)[number];

export const ROLE_LABELS: Record<Role, string> = {
  user: "Customer",
  valet: "Valet Attendant",
  chauffeur: "Chauffeur",
  dispatcher: "Dispatcher",
  admin: "Admin",
};

/** The staff roles: people who run the service (not customers, not admins). */
export const staffRoles = ["valet", "chauffeur", "dispatcher"] as const satisfies readonly Role[];
export type StaffRole = (typeof staffRoles)[number];

/** A stored role as one of ours; anything unknown (or missing) counts as a customer. */
export const asRole = (value: string | null | undefined): Role => (roles as readonly string[]).includes(value ?? "") ? (value as Role) : "user";

export const isStaffRole = (role: Role): role is StaffRole => (staffRoles as readonly Role[]).includes(role);

/** Roles that see every booking (the admin's realtime toasts, dispatch): the people at the desk. */
export const deskRoles = ["admin", "dispatcher"] as const satisfies readonly Role[];
export const isDeskRole = (role: Role) => (deskRoles as readonly Role[]).includes(role);

/** Where each kind of person lands after signing in: staff screens are their own mobile-first pages. */
export function homePathFor(role: Role): string {
  switch (role) {
    case "admin":
      return "/admin";
    case "dispatcher":
      return "/admin/dispatch";
    case "valet":
      return "/staff/valet";
    case "chauffeur":
      return "/staff/rides";
    default:
      return "/dashboard";
  }
}

const email = z.string({ error: "Invalid email address" }).trim().max(254, "Invalid email address").pipe(z.email("Invalid email address"));
const newPassword = z
  .string({ error: "Password must be at least 8 characters" })
  .min(8, "Password must be at least 8 characters")
  .max(128, "Password must be at most 128 characters");
export const fullNameSchema = z
  .string({ error: "Full name must be at least 2 characters" })
  .trim()
  .min(2, "Full name must be at least 2 characters")
  .max(100, "Full name must be at most 100 characters");

export const signUpSchema = z.strictObject({ fullName: fullNameSchema, email, password: newPassword });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.strictObject({
  email,
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(128),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const forgotPasswordSchema = z.strictObject({ email });
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

export const resetPasswordSchema = z
  .strictObject({ password: newPassword, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], message: "Passwords do not match" });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;
