// Settings beyond Operations (issue 25, point 7): each section's route is the admin's only, validates with the
// shared schema (400 with field messages), saves, audits only the fields that changed, and the public route shows
// the company and the feature switches without anything secret.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS, SETTINGS_SECTIONS, type SettingsSection } from "@meridian/shared/settings";
import { auditLogs } from "../db/schema";
import { createTestApp, type TestApp } from "../test/harness";
import { getSettings, settingsInMemory } from "./store";

let t: TestApp;
let admin: { cookie: string };
let customer: { cookie: string };
let dispatcher: { cookie: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.userWithSession({ role: "admin" });
  customer = await t.userWithSession();
  dispatcher = await t.userWithSession({ role: "dispatcher" });
});
afterAll(() => t.close());

const auditOf = (section: string) => t.db.select().from(auditLogs).where(and(eq(auditLogs.action, "settings.update"), eq(auditLogs.entityId, section))).orderBy(auditLogs.createdAt);

describe("who may read and change the settings", () => {
  it.each(SETTINGS_SECTIONS)("%s: admins only (401 signed out, 403 for a customer or a dispatcher)", async (section) => {
    const path = `/api/admin/settings/${section}`;
    expect((await t.call("GET", path)).status).toBe(401);
    expect((await t.call("PUT", path, { json: DEFAULT_SETTINGS[section] })).status).toBe(401);
    for (const who of [customer, dispatcher]) {
      expect((await t.call("GET", path, { cookie: who.cookie })).status).toBe(403);
      expect((await t.call("PUT", path, { cookie: who.cookie, json: DEFAULT_SETTINGS[section] })).status).toBe(403);
    }
    const got = await t.call("GET", path, { cookie: admin.cookie });
    expect(got.status).toBe(200);
    expect(got.body[section]).toEqual(DEFAULT_SETTINGS[section]);
  });
});

describe("validation", () => {
  const refused: [SettingsSection, string, unknown, string, string][] = [
    ["company", "a bad support e-mail", { ...DEFAULT_SETTINGS.company, supportEmail: "nope" }, "supportEmail", "Invalid email address"],
    ["company", "an empty display name", { ...DEFAULT_SETTINGS.company, displayName: "  " }, "displayName", "Display name is required."],
    ["company", "a phone number with letters", { ...DEFAULT_SETTINGS.company, phone: "555-CALL-NOW" }, "phone", "Please enter a valid phone number"],
    ["company", "a website without a host", { ...DEFAULT_SETTINGS.company, website: "meridian" }, "website", "Enter the website's address, such as https://meridian.example."],
    ["company", "an unknown field", { ...DEFAULT_SETTINGS.company, secret: 1 }, "secret", "Unknown field."],
    ["payments", "five tip presets", { tipPresetPercents: [5, 10, 15, 20, 25] }, "tipPresetPercents", "Give 1 to 4 tip presets."],
    ["payments", "a fractional preset", { tipPresetPercents: [12.5] }, "tipPresetPercents.0", "Each tip preset is a whole percent from 1 to 100."],
    ["maps", "a radius of 0 miles", { serviceArea: { kind: "radius", radiusMiles: 0, base: { label: "LAX", lat: 33.94, lng: -118.4 } } }, "serviceArea.radiusMiles", "The radius is a whole number of miles from 1 to 500."],
    ["maps", "no county", { serviceArea: { kind: "counties", counties: [] } }, "serviceArea.counties", "Choose at least one county."],
    ["messages", "an unknown placeholder", { ...DEFAULT_SETTINGS.messages, ride_reminder: { enabled: true, subject: "See you {nmae}", intro: "" } }, "ride_reminder.subject", "Unknown placeholder {nmae}: use {customerName}, {company}, {chauffeur}, {vehicle}, {when}."],
    ["messages", "a required message switched off", { ...DEFAULT_SETTINGS.messages, password_reset: { enabled: false, subject: "", intro: "" } }, "password_reset.enabled", "Reset password cannot be switched off."],
    ["features", "a switch that is not on or off", { ...DEFAULT_SETTINGS.features, tips: "yes" }, "tips", "Tips must be on or off."],
  ];
  it.each(refused)("%s: %s is refused with a field message and nothing is saved", async (section, _label, body, field, message) => {
    const res = await t.call("PUT", `/api/admin/settings/${section}`, { cookie: admin.cookie, json: body });
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe("validation_error");
    expect(res.body.error.fields[field]).toBe(message);
    expect((await t.call("GET", `/api/admin/settings/${section}`, { cookie: admin.cookie })).body[section]).toEqual(DEFAULT_SETTINGS[section]);
  });
});

describe("saving", () => {
  it("saves the company, audits only the fields that changed, and an unchanged save writes no audit entry", async () => {
    const next = { ...DEFAULT_SETTINGS.company, displayName: "Aurum Cars", phone: "(213) 555-0199" };
    const put = await t.call("PUT", "/api/admin/settings/company", { cookie: admin.cookie, json: next });
    expect(put.status).toBe(200);
    const saved = { ...next, phone: "+12135550199" }; // kept in E.164
    expect(put.body.company).toEqual(saved);
    expect((await t.call("GET", "/api/admin/settings/company", { cookie: admin.cookie })).body.company).toEqual(saved);
    const audit = await auditOf("company");
    expect(audit).toHaveLength(1);
    expect(audit[0]!.entity).toBe("settings");
    expect(audit[0]!.before).toEqual({ displayName: "Meridian", phone: DEFAULT_SETTINGS.company.phone });
    expect(audit[0]!.after).toEqual({ displayName: "Aurum Cars", phone: "+12135550199" });
    await t.call("PUT", "/api/admin/settings/company", { cookie: admin.cookie, json: next });
    expect(await auditOf("company")).toHaveLength(1);
  });

  it("audits one message's changed field by name, not the whole section", async () => {
    const next = { ...DEFAULT_SETTINGS.messages, ride_reminder: { enabled: false, subject: "", intro: "" } };
    expect((await t.call("PUT", "/api/admin/settings/messages", { cookie: admin.cookie, json: next })).status).toBe(200);
    const [entry] = await auditOf("messages");
    expect(entry!.before).toEqual({ "ride_reminder.enabled": true });
    expect(entry!.after).toEqual({ "ride_reminder.enabled": false });
  });

  it("keeps tip presets in ascending order", async () => {
    const put = await t.call("PUT", "/api/admin/settings/payments", { cookie: admin.cookie, json: { tipPresetPercents: [22, 10, 18] } });
    expect(put.body.payments.tipPresetPercents).toEqual([10, 18, 22]);
  });

  it("updates this process's cached copy at once (the hot paths read it without a query)", async () => {
    const next = { ...DEFAULT_SETTINGS.features, coupons: false };
    await t.call("PUT", "/api/admin/settings/features", { cookie: admin.cookie, json: next });
    expect(settingsInMemory(t.db, "features").coupons).toBe(false);
    expect((await getSettings(t.db, "features")).coupons).toBe(false);
    await t.call("PUT", "/api/admin/settings/features", { cookie: admin.cookie, json: DEFAULT_SETTINGS.features });
    expect(settingsInMemory(t.db, "features").coupons).toBe(true);
  });
});

describe("GET /api/settings/public", () => {
  it("gives anyone the company, the switches and the tip presets, and no storage key", async () => {
    await t.call("PUT", "/api/admin/settings/features", { cookie: admin.cookie, json: { ...DEFAULT_SETTINGS.features, tips: false } });
    const res = await t.call("GET", "/api/settings/public");
    expect(res.status).toBe(200);
    expect(res.body.company.displayName).toBe("Aurum Cars");
    expect(res.body.company.logoUrl).toBeNull();
    expect(res.body.company).not.toHaveProperty("logoKey");
    expect(res.body.features.tips).toBe(false);
    expect(res.body.tipPresetPercents).toEqual([10, 18, 22]);
    await t.call("PUT", "/api/admin/settings/features", { cookie: admin.cookie, json: DEFAULT_SETTINGS.features });
  });
});
