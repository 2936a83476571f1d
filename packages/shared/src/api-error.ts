import { z } from "zod";

/** The body of every failed API call. */
export const apiErrorSchema = z.object({
  error: z.object({
    code: z.string().describe("Stable, machine-readable (e.g. validation_error, unauthorized, not_found)"),
    message: z.string().describe("A sentence for the person using the app"),
    fields: z.record(z.string(), z.string()).optional().describe("Per-field messages, by field path"),
    paymentIntent: z
      .object({ id: z.string(), clientSecret: z.string().nullable() })
      .optional()
      .describe("402 authentication_required: the PaymentIntent whose authentication step the client runs before resending"),
    declineCode: z
      .string()
      .optional()
      .describe("402 card_declined: why the card was refused, as the card network says it (e.g. generic_decline, insufficient_funds)"),
    alternatives: z
      .array(z.object({ date: z.string(), time: z.string() }))
      .optional()
      .describe("409 unavailable: the nearest times the same day that can be served (YYYY-MM-DD, HH:MM)"),
  }),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;
