import { z } from "zod";
import { emailSchema } from "./email";

export const newsletterSchema = z.strictObject({
  email: emailSchema(),
});
export type NewsletterInput = z.infer<typeof newsletterSchema>;
/** POST /api/newsletter (201). */
export const newsletterAnswerSchema = z.object({ subscribed: z.literal(true) });
