// Settings beyond Operations (admin Settings tabs Company, Payments, Maps, Email/SMS, Features): one zod schema
// and one set of defaults per section, shared by the server (validation of PUT /api/admin/settings/<section>) and
// the web forms. Operations keeps its own schema (rides.ts) and route (/api/admin/settings).
import { z } from "zod";
import { requiredPhoneSchema } from "./phone";
import { emailSchema } from "./email";
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
export type { MessagesOverview, MessageTestResult, PaymentsOverview, TestChargeResult } from "./settings/answers";

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
  supportEmail: emailSchema(),
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


/** POST /api/admin/settings/payments/test-charge: a small amount authorised and released through the live provider. */
export const TEST_CHARGE_CENTS = 100;

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

// ---- Messages (Email/SMS): every message Meridian sends, which of them may be switched off, and their wording.
// Each e-mail and text the server sends carries its kind and its placeholders' values; the mailer and the SMS
// sender look the kind up here and in the saved settings: a switched-off message is not sent, an edited subject
// replaces the subject and an edited intro replaces the message's first paragraph (e-mail) or opening (text).
export type MessageChannel = "email" | "sms";
export const MESSAGE_PLACEHOLDERS = {
  customerName: "The customer's name",
  company: "The company's display name (Settings → Company)",
  ticketCode: "The booking's or valet ticket's code",
  service: "ride or valet service",
  when: "The pickup or service time, e.g. Friday, November 27 at 9:30 AM",
  chauffeur: "The chauffeur's first name",
  vehicle: "The vehicle, e.g. an Executive Sedan",
  reference: "The receipt's reference",
  amount: "The amount, e.g. $185.00",
  car: "The guest's car, e.g. black Mercedes-Benz S 580 (8ABC123)",
  flight: "The flight number, e.g. AA100",
} as const;
export type MessagePlaceholder = keyof typeof MESSAGE_PLACEHOLDERS;

export type MessageDefinition = {
  kind: string;
  channel: MessageChannel;
  label: string;
  /** When it goes out, in words. */
  when: string;
  /** Whether an admin may switch it off (account, booking and money messages may not). */
  optional: boolean;
  /** The placeholders its subject and intro may use, e.g. {customerName}. */
  placeholders: readonly MessagePlaceholder[];
  /** The subject as sent until an admin edits it ("" for a text message). */
  defaultSubject: string;
  /** The e-mail's first paragraph (a text's opening) as sent until an admin edits it. */
  defaultIntro: string;
};

const ACCOUNT = ["customerName", "company"] as const;
const RIDE = ["customerName", "company", "chauffeur", "vehicle", "when"] as const;

export const MESSAGE_DEFINITIONS = [
  { kind: "verification", channel: "email", label: "Verify e-mail", when: "When someone signs up", optional: false, placeholders: ACCOUNT, defaultSubject: "Verify your {company} account", defaultIntro: "Welcome to {company}, {customerName}." },
  { kind: "password_reset", channel: "email", label: "Reset password", when: "When someone asks to reset their password", optional: false, placeholders: ACCOUNT, defaultSubject: "Reset your {company} password", defaultIntro: "Hello {customerName}," },
  { kind: "sign_up_attempt", channel: "email", label: "Sign-up with a known address", when: "When someone signs up with the address of an existing account", optional: false, placeholders: ACCOUNT, defaultSubject: "Someone tried to sign up with your address", defaultIntro: "Hello {customerName}," },
  { kind: "sign_in_locked", channel: "email", label: "Sign-in paused", when: "When failed sign-ins pause an account", optional: false, placeholders: ACCOUNT, defaultSubject: "Failed sign-in attempts on your {company} account", defaultIntro: "Hello {customerName}," },
  { kind: "account_created", channel: "email", label: "Account created for you", when: "When an admin creates an account (Users & Roles, Staff)", optional: false, placeholders: ACCOUNT, defaultSubject: "Your {company} account", defaultIntro: "Hello {customerName}," },
  { kind: "staff_joined", channel: "email", label: "Joined the team", when: "When an existing customer is made staff", optional: true, placeholders: ACCOUNT, defaultSubject: "You have joined the {company} team", defaultIntro: "Hello {customerName}," },
  { kind: "booking_confirmation", channel: "email", label: "Booking confirmed", when: "When a ride or valet service is booked", optional: false, placeholders: ["customerName", "company", "ticketCode", "service"], defaultSubject: "Booking Confirmed! Ticket {ticketCode}", defaultIntro: "Hello {customerName}," },
  { kind: "payment_link", channel: "email", label: "Booked for you: pay by link", when: "When the desk books for a caller", optional: false, placeholders: ["customerName", "company", "service", "when", "amount"], defaultSubject: "Confirm your {service} on {when}", defaultIntro: "Hello {customerName}," },
  { kind: "booking_rescheduled", channel: "email", label: "Booking rescheduled", when: "When a ride is moved to another time", optional: false, placeholders: ["customerName", "company", "ticketCode"], defaultSubject: "Booking Rescheduled: Ticket {ticketCode}", defaultIntro: "Hello {customerName}," },
  { kind: "booking_cancelled", channel: "email", label: "Booking cancelled", when: "When a booking is cancelled by the customer or the desk", optional: false, placeholders: ["customerName", "company", "ticketCode", "service"], defaultSubject: "Booking Cancelled: Ticket {ticketCode}", defaultIntro: "Hello {customerName}," },
  { kind: "chauffeur_assigned", channel: "email", label: "Your chauffeur", when: "When a chauffeur is assigned to a ride", optional: true, placeholders: RIDE, defaultSubject: "Your chauffeur: {chauffeur}, in {vehicle}", defaultIntro: "Hello {customerName}," },
  { kind: "ride_reminder", channel: "email", label: "Ride reminder", when: "Before the pickup, by the Operations reminder lead time", optional: true, placeholders: RIDE, defaultSubject: "Reminder: your ride on {when}", defaultIntro: "Hello {customerName}," },
  { kind: "chauffeur_en_route_sms", channel: "sms", label: "Chauffeur on the way (SMS)", when: "When the chauffeur sets off for the pickup", optional: true, placeholders: ["company", "chauffeur", "vehicle", "when"], defaultSubject: "", defaultIntro: "{company}: your chauffeur {chauffeur} is on the way in {vehicle}." },
  { kind: "flight_pickup_moved", channel: "email", label: "Pickup moved with the flight", when: "When an airport pickup follows a delayed or early flight", optional: false, placeholders: [...RIDE, "flight"], defaultSubject: "Your pickup has moved: {when}", defaultIntro: "Hello {customerName}," },
  { kind: "flight_cancelled", channel: "email", label: "Flight cancelled", when: "When the airline cancels an airport pickup's flight", optional: false, placeholders: [...RIDE, "flight"], defaultSubject: "Flight {flight} is cancelled", defaultIntro: "Hello {customerName}," },
  { kind: "flight_diverted", channel: "email", label: "Flight diverted", when: "When the airline diverts an airport pickup's flight to another airport", optional: false, placeholders: [...RIDE, "flight"], defaultSubject: "Flight {flight} is diverted", defaultIntro: "Hello {customerName}," },
  { kind: "chauffeur_arrived", channel: "email", label: "Your chauffeur has arrived", when: "When the chauffeur marks arrival at the pickup", optional: true, placeholders: RIDE, defaultSubject: "Your chauffeur has arrived", defaultIntro: "Hello {customerName}," },
  { kind: "ride_expired", channel: "email", label: "Ride not served", when: "When a ride was never started by the overdue grace period", optional: false, placeholders: ["customerName", "company", "when"], defaultSubject: "Your ride on {when} could not be served", defaultIntro: "Hello {customerName}," },
  { kind: "payment_needed", channel: "email", label: "Payment needed", when: "When a card could not be authorised", optional: false, placeholders: ["customerName", "company", "service", "when", "amount"], defaultSubject: "Payment needed for your {service} on {when}", defaultIntro: "Hello {customerName}," },
  { kind: "unpaid_cancelled", channel: "email", label: "Cancelled unpaid", when: "When a booking is cancelled because it was never paid", optional: false, placeholders: ["customerName", "company", "service", "when"], defaultSubject: "Your {service} on {when} was cancelled", defaultIntro: "Hello {customerName}," },
  { kind: "receipt", channel: "email", label: "Receipt", when: "When a service is charged (the PDF attached)", optional: true, placeholders: ["customerName", "company", "reference"], defaultSubject: "Your {company} receipt {reference}", defaultIntro: "Hello {customerName}," },
  { kind: "valet_ticket", channel: "email", label: "Valet ticket (e-mail)", when: "When an attendant checks in a guest's car with an e-mail address", optional: true, placeholders: ["company", "ticketCode", "car"], defaultSubject: "Your {company} valet ticket {ticketCode}", defaultIntro: "Your {car} is checked in, ticket {ticketCode}." },
  { kind: "valet_claim_sms", channel: "sms", label: "Valet ticket (SMS)", when: "When an attendant checks in a guest's car with a phone number", optional: true, placeholders: ["company", "ticketCode", "car"], defaultSubject: "", defaultIntro: "{company} Valet: your {car} is checked in, ticket {ticketCode}." },
  { kind: "payment_link_sms", channel: "sms", label: "Booked for you: pay by link (SMS)", when: "When the desk books for a caller with a phone number", optional: false, placeholders: ["company", "service", "when", "amount"], defaultSubject: "", defaultIntro: "{company}: your {service} on {when} ({amount}) is booked." },
  { kind: "unpaid_cancelled_sms", channel: "sms", label: "Cancelled unpaid (SMS)", when: "When a booking made by phone is cancelled because it was never paid", optional: true, placeholders: ["company", "service", "when"], defaultSubject: "", defaultIntro: "{company}: your {service} on {when} has been cancelled." },
] as const satisfies readonly MessageDefinition[];

export type MessageKind = (typeof MESSAGE_DEFINITIONS)[number]["kind"];
export const MESSAGE_KINDS = MESSAGE_DEFINITIONS.map((d) => d.kind) as [MessageKind, ...MessageKind[]];
export const messageDefinition = (kind: string): MessageDefinition | undefined => MESSAGE_DEFINITIONS.find((d) => d.kind === kind);
export const isMessageKind = (kind: string): kind is MessageKind => MESSAGE_DEFINITIONS.some((d) => d.kind === kind);

/** Example values for the live preview and "Send me a test" ({company} comes from Settings → Company). */
export const MESSAGE_EXAMPLE: Record<MessagePlaceholder, string> = {
  customerName: "Alex Morgan",
  company: "Meridian",
  ticketCode: "MRD-4F7K-2Q9X",
  service: "ride",
  when: "Friday, November 27 at 9:30 AM",
  chauffeur: "James",
  vehicle: "an Executive Sedan",
  reference: "4F1C2A9E",
  amount: "$185.00",
  car: "black Mercedes-Benz S 580 (8ABC123)",
  flight: "AA100",
};

const messageSchema = z.strictObject({
  enabled: flag("On or off"),
  /** Empty: the default subject. */
  subject: optionalText("Subject", 150).refine((v) => !/[\r\n]/.test(v), "The subject must be on one line."),
  /** Empty: the default first paragraph. */
  intro: optionalText("Intro", 500),
});
export type MessageSettings = z.infer<typeof messageSchema>;

/** The placeholders of `text` that `def` does not offer. */
export const unknownPlaceholders = (def: Pick<MessageDefinition, "placeholders">, text: string) =>
  [...text.matchAll(/\{(\w+)\}/g)].map((x) => x[1]!).filter((p) => !(def.placeholders as readonly string[]).includes(p));
export const unknownPlaceholderMessage = (def: Pick<MessageDefinition, "placeholders">, name: string) =>
  `Unknown placeholder {${name}}: use ${def.placeholders.map((p) => `{${p}}`).join(", ")}.`;

/** Placeholders not offered for that message are refused, so a typo never reaches a customer as "{custmerName}". */
export const messagesSettingsSchema = z
  .strictObject(Object.fromEntries(MESSAGE_KINDS.map((k) => [k, messageSchema])) as Record<MessageKind, typeof messageSchema>)
  .superRefine((value, ctx) => {
    for (const def of MESSAGE_DEFINITIONS) {
      const m = value[def.kind];
      if (!def.optional && !m.enabled) ctx.addIssue({ code: "custom", path: [def.kind, "enabled"], message: `${def.label} cannot be switched off.` });
      if (def.channel === "sms" && m.subject) ctx.addIssue({ code: "custom", path: [def.kind, "subject"], message: "A text message has no subject." });
      for (const field of ["subject", "intro"] as const) {
        const [unknown] = unknownPlaceholders(def, m[field]);
        if (unknown) ctx.addIssue({ code: "custom", path: [def.kind, field], message: unknownPlaceholderMessage(def, unknown) });
      }
    }
  });
export type MessagesSettings = z.infer<typeof messagesSettingsSchema>;
export const DEFAULT_MESSAGES_SETTINGS: MessagesSettings = Object.fromEntries(MESSAGE_KINDS.map((k) => [k, { enabled: true, subject: "", intro: "" }])) as MessagesSettings;

/** "{customerName}" etc. replaced by `values` (an unknown placeholder stays as written). */
export const fillPlaceholders = (template: string, values: Partial<Record<string, string>>) => template.replace(/\{(\w+)\}/g, (all, key: string) => values[key] ?? all);

/** The subject and intro a message goes out with: the admin's wording when set, else the default, filled in. */
export function messageWording(def: MessageDefinition, saved: MessageSettings | undefined, values: Partial<Record<string, string>>) {
  return { subject: fillPlaceholders(saved?.subject || def.defaultSubject, values), intro: fillPlaceholders(saved?.intro || def.defaultIntro, values) };
}

/** POST /api/admin/settings/messages/:kind/test: optional unsaved wording to try (else the saved one). */
export const messageTestSchema = z.strictObject({ subject: optionalText("Subject", 150).optional(), intro: optionalText("Intro", 500).optional() });
export type MessageTestInput = z.infer<typeof messageTestSchema>;


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
