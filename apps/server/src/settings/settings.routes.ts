// Settings tabs beyond Operations: GET/PUT /api/admin/settings/company|payments|maps|messages|features (admin
// only; validated by the shared schemas, audited), and GET /api/settings/public (the company and the feature
// switches, for every page: no secrets). Thin: validate, check the role, call the store.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { settingsSchemas, type SettingsSection } from "@meridian/shared/settings";
import type { AppEnv } from "../lib/context";
import { companySettingsResponseSchema, publicSettingsSchema, settingsSectionAnswers } from "@meridian/shared/settings/answers";
import { caller, route, routesFor } from "../lib/openapi";
import { getSettings, updateSettings } from "./store";
import { currentLogo, removeLogo, uploadLogo } from "./company";
import { badRequest, HttpError, notFound } from "../lib/errors";
import { MAX_PHOTO_BYTES, PHOTO_TOO_LARGE } from "@meridian/shared/valet-ticket";
import { publicSettings } from "./public-settings";
import { mapsExtra, mapsPreviewRoutes } from "./maps-settings";
import { messagesExtra, messagesTestRoutes } from "./messages-settings";
import { paymentsExtra, paymentsTestRoutes } from "./payments-settings";

const admin$ = routesFor("admin", ["Admin: settings"]);

const LABELS: Record<SettingsSection, string> = {
  company: "Company details (names, address, contact, logo)",
  payments: "Payments (tip presets; the provider, its mode and keys are read-only)",
  maps: "Maps (the service area quotes accept)",
  messages: "Email/SMS (each message's switch, subject and intro)",
  features: "Feature switches",
};

function sectionRoutes<S extends SettingsSection>(section: S, extra?: (c: Context<AppEnv>) => Promise<object>) {
  return new Hono<AppEnv>()
    .get(`/settings/${section}`, admin$(LABELS[section], { 200: settingsSectionAnswers[section] }), async (c) => {
      const { db } = caller(c);
      return c.json({ [section]: await getSettings(db, section), ...(extra ? await extra(c) : {}) });
    })
    .put(`/settings/${section}`, admin$(`Change: ${LABELS[section]}`, { 200: settingsSectionAnswers[section] }, { body: settingsSchemas[section] as z.ZodType }), async (c) => {
      const { actor } = caller(c);
      const input = c.req.valid("json") as never;
      const saved = await updateSettings(c.get("deps"), actor, section, input);
      return c.json({ [section]: saved, ...(extra ? await extra(c) : {}) });
    });
}

export const adminSettingsRoutes = new Hono<AppEnv>()
  .post(
    "/settings/company/logo",
    admin$("Upload the company's logo (multipart/form-data, one file in the field \"logo\"; PNG, JPEG or WebP)", { 200: companySettingsResponseSchema, 413: { description: "Too large" }, 415: { description: "Not an image" } }),
    async (c) => {
      const { actor } = caller(c);
      if (!c.req.header("content-type")?.startsWith("multipart/form-data")) throw badRequest("Send the logo as multipart/form-data.", undefined, "unsupported_media_type");
      const body = await c.req.parseBody().catch(() => {
        throw badRequest("The upload could not be read.");
      });
      const file = body.logo;
      if (!(file instanceof File)) throw badRequest("Choose an image file for the logo.", { logo: "Choose an image file for the logo." });
      if (file.size > MAX_PHOTO_BYTES) throw new HttpError(413, "payload_too_large", PHOTO_TOO_LARGE);
      return c.json({ company: await uploadLogo(c.get("deps"), actor, new Uint8Array(await file.arrayBuffer())) });
    },
  )
  .delete("/settings/company/logo", admin$("Remove the company's logo", { 200: companySettingsResponseSchema }), async (c) => {
    const { actor } = caller(c);
    return c.json({ company: await removeLogo(c.get("deps"), actor) });
  })
  .route("/", sectionRoutes("company"))
  .route("/", sectionRoutes("payments", paymentsExtra))
  .route("/", paymentsTestRoutes)
  .route("/", sectionRoutes("maps", mapsExtra))
  .route("/", mapsPreviewRoutes)
  .route("/", sectionRoutes("messages", messagesExtra))
  .route("/", messagesTestRoutes)
  .route("/", sectionRoutes("features"));

export const publicSettingsRoutes = new Hono<AppEnv>()
  .get(
    "/logo",
    route({ summary: "The company's logo (PNG)", tags: ["Settings"], access: "public", parameters: [{ in: "query", name: "v", description: "The logo's version (its links change with each upload, so caches fetch the new one)", schema: { type: "string" } }], responses: { 200: { description: "The logo", contentType: "image/png" }, 404: { description: "No logo uploaded" } } }),
    async (c) => {
      const bytes = await currentLogo(c.get("deps"));
      if (!bytes) throw notFound("No logo has been uploaded.");
      return c.body(bytes as Uint8Array<ArrayBuffer>, 200, { "content-type": "image/png", "cache-control": "public, max-age=300" });
    },
  )
  .get(
  "/public",
  route({ summary: "The company's details and the feature switches (no secrets)", tags: ["Settings"], access: "public", responses: { 200: publicSettingsSchema } }),
  async (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json(await publicSettings(c.get("deps").database.db));
  },
);
