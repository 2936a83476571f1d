// Account inputs, with the spec's exact messages. Used by the forms (zodResolver) and the server.
import { z } from "zod";
import { emailSchema } from "./email";

export * from "./roles";

const email = emailSchema();
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
