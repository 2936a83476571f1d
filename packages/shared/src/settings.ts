// Settings beyond Operations (admin Settings tabs Company, Payments, Maps, Email/SMS, Features): one zod schema
// and one set of defaults per section, shared by the server (validation of PUT /api/admin/settings/<section>) and
// the web forms. Operations keeps its own schema (rides.ts) and route (/api/admin/settings).
import { z } from "zod";
import { TIP_PRESET_PERCENTS } from "./tips";

const text = (label: string, max: number) =>
  z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(max, `${label} can be at most ${max} characters.`);
const optionalText = (label: string, max: number) => z.string({ error: `${label} must be text.` }).trim().max(max, `${label} can be at most ${max} characters.`);
const flag = (label: string) => z.boolean({ error: `${label} must be on or off.` });

// ---- Company
const PHONE_MESSAGE = "Enter a phone number such as +1 310 555 0100.";
export const companySettingsSchema = z.strictObject({
  /** On receipts and invoices ("Meridian Valet & Chauffeur LLC"). */
  legalName: text("Legal name", 120),
  /** What customers read everywhere else: the e-mails, the SMS signature, the site's footer. */
  displayName: text("Display name", 60),
  address: text("Address", 200),
  phone: z
    .string({ error: PHONE_MESSAGE })
    .trim()
    .regex(/^\+?[0-9 ().-]{7,25}$/, PHONE_MESSAGE),
  supportEmail: z.string({ error: "Invalid email address" }).trim().max(254, "Invalid email address").pipe(z.email("Invalid email address")),
  website: z
    .string({ error: "Enter the website's address, such as https://meridian.example." })
    .trim()
    .max(200, "Enter the website's address, such as https://meridian.example.")
    .refine((v) => v === "" || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), "Enter the website's address, such as https://meridian.example."),
  /** The uploaded logo's key in the photo store (set by POST /api/admin/settings/company/logo, cleared with null). */
  logoKey: z.string().max(200).nullable(),
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;
export const DEFAULT_COMPANY_SETTINGS: CompanySettings = {
  legalName: "Meridian Valet & Chauffeur",
  displayName: "Meridian",
  address: "Los Angeles, CA",
  phone: "+1 310 555 0100",
  supportEmail: "concierge@meridian.local",
  website: "",
  logoKey: null,
};
/** The logo's address for the browser and e-mails (cache-busted by its key). */
export const companyLogoPath = (logoKey: string | null) => (logoKey ? `/api/settings/logo?v=${encodeURIComponent(logoKey.replace(/^.*\/|\.\w+$/g, ""))}` : null);

// ---- Payments (what an admin may change: the provider, its mode and keys are the server's environment)
export const MAX_TIP_PRESETS = 4;
export const paymentsSettingsSchema = z.strictObject({
  /** Percent presets the tip dialog offers, ascending, 1 to 4 of them. */
  tipPresetPercents: z
    .array(z.number({ error: "Each tip preset is a whole percent from 1 to 100." }).int("Each tip preset is a whole percent from 1 to 100.").min(1, "Each tip preset is a whole percent from 1 to 100.").max(100, "Each tip preset is a whole percent from 1 to 100."), {
      error: "Give 1 to 4 tip presets.",
    })
    .min(1, "Give 1 to 4 tip presets.")
    .max(MAX_TIP_PRESETS, "Give 1 to 4 tip presets.")
    .refine((v) => new Set(v).size === v.length, "Each tip preset must be different.")
    .transform((v) => [...v].sort((a, b) => a - b)),
});
export type PaymentsSettings = z.infer<typeof paymentsSettingsSchema>;
export const DEFAULT_PAYMENTS_SETTINGS: PaymentsSettings = { tipPresetPercents: [...TIP_PRESET_PERCENTS] };

/** GET /api/admin/settings/payments: the stored settings and what the server runs (never a key). */
export type PaymentsOverview = {
  payments: PaymentsSettings;
  provider: { name: "embedded" | "stripe"; mode: "embedded_test" | "stripe_test" | "stripe_live"; modeLabel: string; keys: { label: string; set: boolean }[]; lastWebhookAt: string | null };
  cancellation: { cutoffHours: number; feePercent: number };
  authorisationWindow: string;
  tipsOffered: boolean;
};

// ---- Maps (the provider and its keys are the server's environment; the service area is the admin's)
export const mapsSettingsSchema = z.strictObject({
  serviceArea: z.discriminatedUnion(
    "kind",
    [
      z.strictObject({
        kind: z.literal("radius"),
        /** Miles from the base a pickup (or a valet event) may be. */
        radiusMiles: z.number({ error: "The radius is a whole number of miles from 1 to 500." }).int("The radius is a whole number of miles from 1 to 500.").min(1, "The radius is a whole number of miles from 1 to 500.").max(500, "The radius is a whole number of miles from 1 to 500."),
        base: z.strictObject({ label: text("Base", 120), lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }),
      }),
      z.strictObject({
        kind: z.literal("counties"),
        counties: z.array(text("County", 60)).min(1, "Choose at least one county.").max(40, "Choose at most 40 counties."),
      }),
    ],
    { error: "Choose counties or a radius from the base." },
  ),
});
export type MapsSettings = z.infer<typeof mapsSettingsSchema>;
export const DEFAULT_MAPS_SETTINGS: MapsSettings = {
  serviceArea: { kind: "counties", counties: ["Los Angeles", "Orange", "Ventura", "Riverside", "San Bernardino", "Santa Barbara", "San Diego", "Kern"] },
};

// ---- Messages (Email/SMS): every message Meridian sends, which of them may be switched off, and their wording
export type MessageChannel = "email" | "sms";
export type MessageDefinition = {
  kind: string;
  channel: MessageChannel;
  label: string;
  /** When it goes out, in words. */
  when: string;
  /** Whether an admin may switch it off (account and money messages may not). */
  optional: boolean;
  /** The placeholders its subject and intro may use, e.g. {name}. */
  placeholders: readonly string[];
  defaultSubject: string;
  defaultIntro: string;
  /** Example values for the live preview and "send me a test". */
  example: Record<string, string>;
};

const EXAMPLE = { name: "Alex Morgan", company: "Meridian", ticket: "MRD-4F7K2Q", when: "Friday, November 27 at 9:30 AM", chauffeur: "James", vehicle: "Executive Sedan", service: "ride", reference: "R-20261127-0001" };

export const MESSAGE_DEFINITIONS = [
  { kind: "verification", channel: "email", label: "Verify e-mail", when: "When someone signs up", optional: false, placeholders: ["name", "company"], defaultSubject: "Verify your {company} account", defaultIntro: "Welcome to {company}, {name}.", example: EXAMPLE },
  { kind: "password_reset", channel: "email", label: "Reset password", when: "When someone asks to reset their password", optional: false, placeholders: ["name", "company"], defaultSubject: "Reset your {company} password", defaultIntro: "Hello {name},", example: EXAMPLE },
  { kind: "booking_confirmation", channel: "email", label: "Booking confirmed", when: "When a booking is made", optional: false, placeholders: ["name", "company", "ticket", "service"], defaultSubject: "Booking Confirmed! Ticket {ticket}", defaultIntro: "Hello {name},", example: EXAMPLE },
  { kind: "chauffeur_assigned", channel: "email", label: "Your chauffeur", when: "When a chauffeur is assigned to a ride", optional: true, placeholders: ["name", "company", "chauffeur", "vehicle", "when"], defaultSubject: "Your chauffeur: {chauffeur}, in {vehicle}", defaultIntro: "Hello {name},", example: EXAMPLE },
  { kind: "chauffeur_arrived", channel: "email", label: "Your chauffeur has arrived", when: "When the chauffeur marks arrival at the pickup", optional: true, placeholders: ["name", "company", "chauffeur", "vehicle", "when"], defaultSubject: "Your chauffeur has arrived", defaultIntro: "Hello {name},", example: EXAMPLE },
  { kind: "ride_reminder", channel: "email", label: "Ride reminder", when: "Before the pickup, by the Operations reminder lead time", optional: true, placeholders: ["name", "company", "when"], defaultSubject: "Reminder: your ride on {when}", defaultIntro: "Hello {name},", example: EXAMPLE },
  { kind: "receipt", channel: "email", label: "Receipt", when: "When a service is charged", optional: true, placeholders: ["name", "company", "reference"], defaultSubject: "Your {company} receipt {reference}", defaultIntro: "Hello {name},", example: EXAMPLE },
  { kind: "valet_claim_sms", channel: "sms", label: "Valet claim link (SMS)", when: "When an attendant checks a car in", optional: true, placeholders: ["company", "ticket"], defaultSubject: "", defaultIntro: "{company}: your car is parked. Ticket {ticket}.", example: EXAMPLE },
  { kind: "cancellation_sms", channel: "sms", label: "Booking cancelled (SMS)", when: "When an unpaid phone booking is cancelled", optional: true, placeholders: ["company", "service", "when"], defaultSubject: "", defaultIntro: "{company}: your {service} on {when} has been cancelled.", example: EXAMPLE },
] as const satisfies readonly MessageDefinition[];

export type MessageKind = (typeof MESSAGE_DEFINITIONS)[number]["kind"];
export const MESSAGE_KINDS = MESSAGE_DEFINITIONS.map((d) => d.kind) as [MessageKind, ...MessageKind[]];
export const messageDefinition = (kind: string): MessageDefinition | undefined => MESSAGE_DEFINITIONS.find((d) => d.kind === kind);

const messageSchema = z.strictObject({
  enabled: flag("On or off"),
  /** Empty: the default subject. */
  subject: optionalText("Subject", 150),
  /** Empty: the default first line. */
  intro: optionalText("Intro", 500),
});
export type MessageSettings = z.infer<typeof messageSchema>;

/** Placeholders not offered for that message are refused, so a typo never reaches a customer as "{nmae}". */
export const messagesSettingsSchema = z
  .strictObject(Object.fromEntries(MESSAGE_KINDS.map((k) => [k, messageSchema])) as Record<MessageKind, typeof messageSchema>)
  .superRefine((value, ctx) => {
    for (const def of MESSAGE_DEFINITIONS) {
      const m = value[def.kind];
      if (!def.optional && !m.enabled) ctx.addIssue({ code: "custom", path: [def.kind, "enabled"], message: `${def.label} cannot be switched off.` });
      for (const field of ["subject", "intro"] as const) {
        const unknown = [...m[field].matchAll(/\{(\w+)\}/g)].map((x) => x[1]!).filter((p) => !(def.placeholders as readonly string[]).includes(p));
        if (unknown.length) ctx.addIssue({ code: "custom", path: [def.kind, field], message: `Unknown placeholder {${unknown[0]}}: use ${def.placeholders.map((p) => `{${p}}`).join(", ")}.` });
      }
    }
  });
export type MessagesSettings = z.infer<typeof messagesSettingsSchema>;
export const DEFAULT_MESSAGES_SETTINGS: MessagesSettings = Object.fromEntries(MESSAGE_KINDS.map((k) => [k, { enabled: true, subject: "", intro: "" }])) as MessagesSettings;

/** "{name}" etc. replaced by `values` (an unknown placeholder stays as written). */
export const fillPlaceholders = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);

// ---- Features
export const FEATURE_DEFINITIONS = [
  { key: "valetBooking", label: "Valet booking", hint: "Customers book event valet online.", off: "Valet booking is not available online at the moment. Please call us to arrange event valet." },
  { key: "coupons", label: "Coupons", hint: "Customers enter a coupon code when they book.", off: "Coupon codes are not accepted at the moment." },
  { key: "tips", label: "Tips", hint: "Customers add a tip after a completed service.", off: "Tips are not offered at the moment." },
  { key: "smsNotifications", label: "SMS notifications", hint: "Text messages: the valet claim link, payment links, cancellations.", off: "Text messages are switched off at the moment." },
  { key: "customerReschedule", label: "Customer reschedule", hint: "Customers move their own rides from the dashboard.", off: "Rescheduling online is not available at the moment. Please call us to change your ride." },
] as const;
export type FeatureKey = (typeof FEATURE_DEFINITIONS)[number]["key"];
export const featuresSettingsSchema = z.strictObject(Object.fromEntries(FEATURE_DEFINITIONS.map((f) => [f.key, flag(f.label)])) as Record<FeatureKey, z.ZodBoolean>);
export type FeaturesSettings = z.infer<typeof featuresSettingsSchema>;
export const DEFAULT_FEATURES_SETTINGS: FeaturesSettings = { valetBooking: true, coupons: true, tips: true, smsNotifications: true, customerReschedule: true };
/** The sentence a route answers (403 feature_off) when its feature is switched off. */
export const featureOffMessage = (key: FeatureKey) => FEATURE_DEFINITIONS.find((f) => f.key === key)!.off;

// ---- All sections
export const settingsSchemas = {
  company: companySettingsSchema,
  payments: paymentsSettingsSchema,
  maps: mapsSettingsSchema,
  messages: messagesSettingsSchema,
  features: featuresSettingsSchema,
} as const;
export type SettingsSection = keyof typeof settingsSchemas;
export const SETTINGS_SECTIONS = Object.keys(settingsSchemas) as SettingsSection[];
export type SectionValue = { company: CompanySettings; payments: PaymentsSettings; maps: MapsSettings; messages: MessagesSettings; features: FeaturesSettings };
export const DEFAULT_SETTINGS: SectionValue = {
  company: DEFAULT_COMPANY_SETTINGS,
  payments: DEFAULT_PAYMENTS_SETTINGS,
  maps: DEFAULT_MAPS_SETTINGS,
  messages: DEFAULT_MESSAGES_SETTINGS,
  features: DEFAULT_FEATURES_SETTINGS,
};

/** GET /api/settings/public: what every page may know (no secrets). */
export type PublicSettings = { company: Omit<CompanySettings, "logoKey"> & { logoUrl: string | null }; features: FeaturesSettings; tipPresetPercents: number[] };
