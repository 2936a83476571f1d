// What every page may know of the settings: the company (its logo as an address, not a storage key), the
// feature switches and the tip presets. Nothing secret is in these sections; keys stay in the environment.
import { companyLogoPath, type PublicSettings } from "@meridian/shared/settings";
import type { Db } from "../db/client";
import { HttpError } from "../lib/errors";
import { formatPhone } from "@meridian/shared/phone";
import { featureOffMessage, type FeatureKey } from "@meridian/shared/settings";
import { getSettings, settingsInMemory } from "./store";

export async function publicSettings(db: Db): Promise<PublicSettings> {
  const [company, features, payments] = await Promise.all([getSettings(db, "company"), getSettings(db, "features"), getSettings(db, "payments")]);
  const { logoKey, ...rest } = company;
  return { company: { ...rest, logoUrl: companyLogoPath(logoKey), phoneDisplay: formatPhone(rest.phone) }, features, tipPresetPercents: payments.tipPresetPercents };
}

/** 403 feature_off with the switch's sentence when an admin switched `key` off (Settings → Features). */
export async function requireFeature(db: Db, key: FeatureKey): Promise<void> {
  const features = await getSettings(db, "features");
  if (!features[key]) throw new HttpError(403, "feature_off", featureOffMessage(key));
}

/** The same check without waiting (this process's copy), for the quote's in-memory path. */
export function refuseFeatureOff(db: Db, key: FeatureKey): void {
  if (!settingsInMemory(db, "features")[key]) throw new HttpError(403, "feature_off", featureOffMessage(key));
}

/** Whether a feature is on (for code that skips rather than refuses, e.g. an SMS). */
export const featureOn = async (db: Db, key: FeatureKey) => (await getSettings(db, "features"))[key];

/** Where the client's index.html takes the public settings: a JSON block the client reads for its first render. */
export const PUBLIC_SETTINGS_PLACEHOLDER = "__PUBLIC_SETTINGS__";

/**
 * The public settings and their JSON as the page carries them: every `<` is escaped, so no value can end the
 * element. `null` when the settings cannot be read: the client then asks GET /api/settings/public.
 */
export async function pageSettings(db: Db): Promise<{ settings: PublicSettings | null; json: string }> {
  const settings = await publicSettings(db).catch(() => null);
  return { settings, json: JSON.stringify(settings).replace(/</g, "\\u003c") };
}

/** `html` with the public settings written into its JSON block, so a page needs no request (and the client loads no schema) before it shows the company's details. */
export const settingsIntoPage = (html: string, json: string) => html.replace(PUBLIC_SETTINGS_PLACEHOLDER, () => json);
