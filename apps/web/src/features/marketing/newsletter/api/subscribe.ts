// POST /api/newsletter {email}: 201 on success, 409 already_subscribed, 400 invalid.
import { useMutation } from "@tanstack/react-query";
import type { NewsletterInput } from "@meridian/shared/newsletter";
import { api } from "@/lib/api";

export async function subscribeToNewsletter(input: NewsletterInput): Promise<{ subscribed: true }> {
  // Same schema as the server: trims and validates before anything leaves the browser. Loaded on
  // submit so zod stays out of the home page's first bundle.
  const { newsletterSchema, newsletterAnswerSchema } = await import("@meridian/shared/newsletter");
  const json = newsletterSchema.parse(input);
  return api("/api/newsletter", newsletterAnswerSchema, { method: "POST", json });
}

export function useSubscribeToNewsletter() {
  return useMutation({ mutationFn: subscribeToNewsletter });
}
