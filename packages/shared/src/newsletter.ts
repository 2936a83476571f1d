import { z } from "zod";

export const newsletterSchema = z.strictObject({
  email: z.string({ error: "Invalid email address" }).trim().max(254, "Invalid email address").pipe(z.email("Invalid email address")),
});
export type NewsletterInput = z.infer<typeof newsletterSchema>;
/** POST /api/newsletter (201). */
export const newsletterAnswerSchema = z.object({ subscribed: z.literal(true) });
