import { z } from "zod";
import { fullNameSchema, type Role } from "./auth";

export const phoneSchema = z
  .string()
  .trim()
  .max(30, "Please enter a valid phone number")
  .refine((v) => v === "" || v.length >= 10, "Please enter a valid phone number");

export const updateProfileSchema = z.strictObject({ fullName: fullNameSchema, phone: phoneSchema.default("") });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** What the server returns for the signed-in user's profile. */
export type Profile = {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  role: Role;
  status: "active" | "inactive";
  emailVerified: boolean;
  createdAt: string;
};
