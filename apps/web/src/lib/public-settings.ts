// GET /api/settings/public: the company's details (footer, receipts) and the feature switches every page follows
// (Settings → Features: a switch turned off hides its control; the server refuses its routes with a sentence).
import { queryOptions, useQuery } from "@tanstack/react-query";
// Zod-free (settings-public): the home page's footer and pricing section use it.
import { DEFAULT_COMPANY_SETTINGS, DEFAULT_FEATURES_SETTINGS, DEFAULT_TIP_PRESET_PERCENTS, type FeatureKey, type PublicSettings } from "@meridian/shared/settings-public";
import { api } from "./api";
import { settingsKeys } from "@/lib/query-keys";

export const publicSettingsQueryOptions = queryOptions({
  queryKey: settingsKeys.public(),
  queryFn: () => api("/api/settings/public", () => import("@meridian/shared/settings/public-answer").then((m) => m.publicSettingsSchema)),
  staleTime: 60_000,
  retry: 1,
});

/** Until the settings arrive: the defaults. */
const { logoKey: _logoKey, ...defaultCompany } = DEFAULT_COMPANY_SETTINGS;
const FALLBACK: PublicSettings = {
  company: { ...defaultCompany, logoUrl: null, phoneDisplay: "(310) 555-0142" },
  features: DEFAULT_FEATURES_SETTINGS,
  tipPresetPercents: [...DEFAULT_TIP_PRESET_PERCENTS],
};

export function usePublicSettings(): PublicSettings {
  return useQuery(publicSettingsQueryOptions).data ?? FALLBACK;
}

/** Whether a feature is switched on (Settings → Features). */
export const useFeature = (key: FeatureKey): boolean => usePublicSettings().features[key];
