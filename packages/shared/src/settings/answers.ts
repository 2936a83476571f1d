// The settings domain's answers (zod): each admin settings tab as GET/PUT answer it, the test charge and test
// message, and the public settings every page reads. Types in settings.ts and settings-public.ts come from these.
import { z } from "zod";
import { MESSAGE_KINDS } from "../settings";
import { companyFields, featuresSettingsAnswerSchema, tipPresetPercents } from "./public-answer";

export { featuresSettingsAnswerSchema, publicSettingsSchema, type PublicSettings } from "./public-answer";

export const companySettingsAnswerSchema = z.object({ ...companyFields, logoKey: z.string().nullable().describe("The uploaded logo's key, or null") });
/** GET/PUT /api/admin/settings/company, and the logo's upload and removal. */
export const companySettingsResponseSchema = z.object({ company: companySettingsAnswerSchema });

export const featuresSettingsResponseSchema = z.object({ features: featuresSettingsAnswerSchema });

/** GET/PUT /api/admin/settings/payments: the stored settings and what the server runs (never a key). */
export const paymentsOverviewSchema = z.object({
  payments: z.object({ tipPresetPercents }),
  provider: z.object({
    name: z.enum(["embedded", "stripe"]),
    mode: z.enum(["embedded_test", "stripe_test", "stripe_live"]),
    modeLabel: z.string(),
    keys: z.array(z.object({ name: z.string(), label: z.string(), set: z.boolean() })).describe("Which keys the server's environment holds: only whether each is set"),
    testCharges: z.boolean().describe("Whether \"Send a test charge\" is offered (test modes only)"),
  }),
  lastWebhook: z.object({ at: z.string(), type: z.string() }).nullable(),
  cancellation: z.object({ cutoffHours: z.number().nonnegative(), feePercent: z.number().min(0).max(100) }),
  authorisationWindow: z.array(z.string()),
  tipsOffered: z.boolean(),
});
export type PaymentsOverview = z.infer<typeof paymentsOverviewSchema>;

const provider = z.enum(["embedded", "stripe"]);
export const testChargeResultSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), provider, amountUsd: z.number(), intentId: z.string(), card: z.object({ brand: z.string(), last4: z.string() }).nullable(), authorisedStatus: z.string(), releasedStatus: z.string(), ms: z.number().int().nonnegative() }),
  z.object({ ok: z.literal(false), provider, amountUsd: z.number(), code: z.string(), message: z.string(), ms: z.number().int().nonnegative() }),
]);
export type TestChargeResult = z.infer<typeof testChargeResultSchema>;
/** POST /api/admin/settings/payments/test-charge: ok with the PaymentIntent, or the provider's refusal. */
export const testChargeResponseSchema = z.object({ result: testChargeResultSchema });

const geoCheck = z.object({ ok: z.boolean(), ms: z.number().nonnegative(), summary: z.string() });
const geoProvider = z.enum(["embedded", "google", "osm"]);
/** GET/PUT /api/admin/settings/maps: the service area, the provider and a live check of it, and the known counties. */
export const mapsOverviewSchema = z.object({
  maps: z.object({
    serviceArea: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("radius"), radiusMiles: z.number().int().min(1).max(500), base: z.object({ label: z.string(), lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) }) }),
      z.object({ kind: z.literal("counties"), counties: z.array(z.string()).min(1) }),
    ]),
  }),
  provider: z.object({ name: geoProvider, label: z.string() }),
  health: z.object({ provider: geoProvider, lookup: geoCheck, route: geoCheck }),
  knownCounties: z.array(z.string()),
});

const messageSettings = z.object({ enabled: z.boolean(), subject: z.string().describe("Empty: the default subject"), intro: z.string().describe("Empty: the default first paragraph") });
/** GET/PUT /api/admin/settings/messages: the saved wording and switches, the senders and how delivery goes. */
export const messagesOverviewSchema = z.object({
  messages: z.object(Object.fromEntries(MESSAGE_KINDS.map((k) => [k, messageSettings])) as Record<(typeof MESSAGE_KINDS)[number], typeof messageSettings>),
  senders: z.object({
    email: z.object({ from: z.string(), transport: z.enum(["smtp", "outbox"]), label: z.string() }),
    sms: z.object({ from: z.string().nullable(), provider: z.enum(["twilio", "outbox"]), label: z.string() }),
  }),
  delivery: z.object({
    queued: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
    lastFailure: z.object({ at: z.string(), to: z.string(), subject: z.string(), error: z.string(), gaveUp: z.boolean() }).nullable(),
  }),
  smsOn: z.boolean(),
});
export type MessagesOverview = z.infer<typeof messagesOverviewSchema>;
/** POST /api/admin/settings/messages/:kind/test. */
export const messageTestResultSchema = z.object({ sent: z.object({ channel: z.enum(["email", "sms"]), to: z.string(), subject: z.string().nullable() }) });
export type MessageTestResult = z.infer<typeof messageTestResultSchema>;


/** Each admin settings tab's GET/PUT answer. */
export const settingsSectionAnswers = {
  company: companySettingsResponseSchema,
  payments: paymentsOverviewSchema,
  maps: mapsOverviewSchema,
  messages: messagesOverviewSchema,
  features: featuresSettingsResponseSchema,
} as const;
