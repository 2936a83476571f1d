import { z } from "zod";

/**
 * A zod transform to a value's canonical form (`canonical`: null or empty when the value is not one), failing with `message`
 * where there is none: a phone number to E.164, a flight number to "AA100".
 */
export const toCanonical =
  <T extends string>(canonical: (value: string) => T | null, message: string) =>
  (value: string, ctx: z.RefinementCtx): T => {
    const canon = canonical(value);
    if (!canon) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return canon;
  };
