// Settings beyond Operations (admin Settings tabs Company, Payments, Maps, Email/SMS, Features): one zod schema
// and one set of defaults per section, shared by the server (validation of PUT /api/admin/settings/<section>) and
// the web forms. Operations keeps its own schema (rides.ts) and route (/api/admin/settings).
import { z } from "zod";
import { requiredPhoneSchema } from "./phone";
import {
  DEFAULT_COMPANY_SETTINGS,
  DEFAULT_FEATURES_SETTINGS,
  DEFAULT_TIP_PRESET_PERCENTS,
  FEATURE_DEFINITIONS,
  type CompanySettings,
  type FeatureKey,
  type FeaturesSettings,
} from "./settings-public";

export * from "./settings-public";

const text = (label: string, max: number) =>
  z.string({ error: `${label} is required.` }).trim().min(1, `${label} is required.`).max(max, `${label} can be at most ${max} characters.`);
const optionalText = (label: string, max: number) => z.string({ error: `${label} must be text.` }).trim().max(max, `${label} can be at most ${max} characters.`);
const flag = (label: string) => z.boolean({ error: `${label} must be on or off.` });

// ---- Company
export const companySettingsSchema = z.strictObject({
  /** On receipts and invoices ("Meridian Valet & Chauffeur LLC"). */
  legalName: text("Legal name", 120),
  /** What customers read everywhere else: the e-mails, the SMS signature, the site's footer. */
  displayName: text("Display name", 60),
  /** One line, or several separated by line breaks (the footer prints each on its own line). */
  address: z
    .string({ error: "Address is required." })
    .trim()
    .min(1, "Address is required.")
    .max(200, "Address can be at most 200 characters.")
    .transform((v) => v.split(/\r?\n/).map((l) => l.trim()).filter(Boolean).join("\n")),
  /** E.164, like every phone number Meridian keeps. */
  phone: requiredPhoneSchema,
  supportEmail: z.string({ error: "Invalid email address" }).trim().max(254, "Invalid email address").pipe(z.email("Invalid email address")),
  website: z
    .string({ error: "Enter the website's address, such as https://meridian.example." })
    .trim()
    .max(200, "Enter the website's address, such as https://meridian.example.")
    .refine((v) => v === "" || /^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v), "Enter the website's address, such as https://meridian.example."),
  /** The uploaded logo's key in the photo store (set by POST /api/admin/settings/company/logo, cleared with null). */
  logoKey: z.string().max(200).nullable(),
});
type CompanyFromSchema = z.infer<typeof companySettingsSchema>;
// The schema answers exactly the zod-free type the web's pages use (settings-public.ts).
const _companyMatches: [CompanyFromSchema, CompanySettings] extends [CompanySettings, CompanyFromSchema] ? true : never = true;
void _companyMatches;

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
export const DEFAULT_PAYMENTS_SETTINGS: PaymentsSettings = { tipPresetPercents: [...DEFAULT_TIP_PRESET_PERCENTS] };

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

// ---- Features (the switches and their sentences: settings-public.ts)
export const featuresSettingsSchema = z.strictObject(Object.fromEntries(FEATURE_DEFINITIONS.map((f) => [f.key, flag(f.label)])) as Record<FeatureKey, z.ZodBoolean>);
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
