// GET /api/settings/public's answer, apart from the other settings answers: every page reads it, the home page too,
// so this module imports nothing but zod and the zod-free settings-public (not settings.ts, whose phone rules bring
// libphonenumber's metadata).
import { z } from "zod";
import { FEATURE_DEFINITIONS, type FeatureKey } from "../settings-public";

export const companyFields = {
  legalName: z.string().min(1),
  displayName: z.string().min(1),
  address: z.string().describe("One line, or several separated by line breaks"),
  phone: z.string().describe("E.164"),
  supportEmail: z.email(),
  website: z.string(),
};

export const featuresSettingsAnswerSchema = z.object(Object.fromEntries(FEATURE_DEFINITIONS.map((f) => [f.key, z.boolean()])) as Record<FeatureKey, z.ZodBoolean>);

export const tipPresetPercents = z.array(z.number().int().min(1).max(100)).min(1).max(4).describe("Percent presets the tip dialog offers, ascending");

/** GET /api/settings/public: what every page may know (no secrets); the phone also as the site prints it. */
export const publicSettingsSchema = z.object({
  company: z.object({ ...companyFields, logoUrl: z.string().nullable(), phoneDisplay: z.string() }),
  features: featuresSettingsAnswerSchema,
  tipPresetPercents,
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;
