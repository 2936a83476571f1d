// The settings every page may read (GET /api/settings/public), kept free of zod so the home page's footer and the
// pricing section load no schema library: the company's type and defaults, the feature switches with their
// sentences, and the answer's shape. The schemas that validate them are in settings.ts (which re-exports this).

export type CompanySettings = {
  /** On receipts and invoices ("Meridian Valet & Chauffeur LLC"). */
  legalName: string;
  /** What customers read everywhere else: the e-mails, the SMS signature, the site's footer. */
  displayName: string;
  /** One line, or several separated by line breaks (the footer prints each on its own line). */
  address: string;
  /** E.164. */
  phone: string;
  supportEmail: string;
  /** "" or an http(s) address. */
  website: string;
  /** The uploaded logo's key in the photo store (POST /api/admin/settings/company/logo), or null. */
  logoKey: string | null;
};

export const DEFAULT_COMPANY_SETTINGS: CompanySettings = {
  legalName: "Meridian Valet & Chauffeur",
  displayName: "Meridian",
  address: "9440 Santa Monica Blvd, Suite 700\nBeverly Hills, CA 90210",
  phone: "+13105550142",
  supportEmail: "concierge@meridian-valet.com",
  website: "https://meridian-valet.com",
  logoKey: null,
};

/** The address on one line ("9440 Santa Monica Blvd, Suite 700, Beverly Hills, CA 90210"). */
export const addressOnOneLine = (address: string) => address.split("\n").join(", ");
/** The logo's address for the browser and e-mails (a new logo, a new address). */
export const companyLogoPath = (logoKey: string | null) => (logoKey ? `/api/settings/logo?v=${encodeURIComponent(logoKey.replace(/^.*\/|\.\w+$/g, ""))}` : null);

/** The tip dialog's presets until an admin sets others (Settings → Payments), percent of the service's total. */
export const DEFAULT_TIP_PRESET_PERCENTS = [15, 20, 25] as const;

export const FEATURE_DEFINITIONS = [
  { key: "valetBooking", label: "Valet booking", hint: "Customers book event valet online.", off: "Valet booking is not available online at the moment. Please call us to arrange event valet." },
  { key: "coupons", label: "Coupons", hint: "Customers enter a coupon code when they book.", off: "Coupon codes are not accepted at the moment." },
  { key: "tips", label: "Tips", hint: "Customers add a tip after a completed service.", off: "Tips are not offered at the moment." },
  { key: "smsNotifications", label: "SMS notifications", hint: "Text messages: the valet claim link, payment links, cancellations.", off: "Text messages are switched off at the moment." },
  { key: "customerReschedule", label: "Customer reschedule", hint: "Customers move their own rides from the dashboard.", off: "Rescheduling online is not available at the moment. Please call us to change your ride." },
] as const;
export type FeatureKey = (typeof FEATURE_DEFINITIONS)[number]["key"];
export type FeaturesSettings = Record<FeatureKey, boolean>;
export const DEFAULT_FEATURES_SETTINGS: FeaturesSettings = { valetBooking: true, coupons: true, tips: true, smsNotifications: true, customerReschedule: true };
/** The sentence a route answers (403 feature_off) when its feature is switched off. */
export const featureOffMessage = (key: FeatureKey) => FEATURE_DEFINITIONS.find((f) => f.key === key)!.off;

export type { PublicSettings } from "./settings/public-answer";
