// GET /api/settings/public: the company's details (footer, receipts) and the feature switches every page follows
// (Settings → Features: a switch turned off hides its control; the server refuses its routes with a sentence).
import { queryOptions, useQuery } from "@tanstack/react-query";
// Zod-free (settings-public): the home page's footer and pricing section use it.
import { DEFAULT_COMPANY_SETTINGS, DEFAULT_FEATURES_SETTINGS, DEFAULT_TIP_PRESET_PERCENTS, type FeatureKey, type PublicSettings } from "@meridian/shared/settings-public";
import { api } from "./api";
import { settingsKeys } from "@/lib/query-keys";

/**
 * The settings the server wrote into the page (index.html's #public-settings block), as of the page's load: the first
 * render needs no request and loads no schema (zod stays off the home page). The server writes the same value
 * GET /api/settings/public answers; without the block (the dev server, tests) or with `null` in it, the query asks.
 */
function settingsInPage(): PublicSettings | undefined {
  const text = typeof document === "undefined" ? null : document.getElementById("public-settings")?.textContent;
  try {
    const value: unknown = text ? JSON.parse(text) : null;
    return value && typeof value === "object" ? (value as PublicSettings) : undefined;
  } catch {
    return undefined; // the unreplaced placeholder
  }
}
const inPage = settingsInPage();
const pageLoadedAt = Date.now();

export const publicSettingsQueryOptions = queryOptions({
  queryKey: settingsKeys.public(),
  queryFn: () => api("/api/settings/public", () => import("@meridian/shared/settings/public-answer").then((m) => m.publicSettingsSchema)),
  initialData: () => inPage,
  initialDataUpdatedAt: pageLoadedAt,
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
