import { z } from "zod";
import { fullNameSchema, roles } from "./auth";
import { phoneSchema } from "./phone";

export { phoneSchema };

export const updateProfileSchema = z.strictObject({ fullName: fullNameSchema, phone: phoneSchema.default("") });
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;

/** What the server returns for the signed-in user's profile. */
export const profileSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  role: z.enum(roles),
  status: z.enum(["active", "inactive"]),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;
