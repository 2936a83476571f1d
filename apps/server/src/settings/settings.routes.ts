// Settings tabs beyond Operations: GET/PUT /api/admin/settings/company|payments|maps|messages|features (admin
// only; validated by the shared schemas, audited), and GET /api/settings/public (the company and the feature
// switches, for every page: no secrets). Thin: validate, check the role, call the store.
import { Hono, type Context } from "hono";
import { z } from "zod";
import { settingsSchemas, type SettingsSection } from "@meridian/shared/settings";
import type { AppEnv } from "../lib/context";
import { caller, describedJson, route, routesFor } from "../lib/openapi";
import { getSettings, updateSettings } from "./store";
import { publicSettings } from "./public-settings";
import { mapsExtra, mapsPreviewRoutes } from "./maps-settings";

const admin$ = routesFor("admin", ["Admin: settings"]);
const json = describedJson;

const LABELS: Record<SettingsSection, string> = {
  company: "Company details (names, address, contact, logo)",
  payments: "Payments (tip presets; the provider, its mode and keys are read-only)",
  maps: "Maps (the service area quotes accept)",
  messages: "Email/SMS (each message's switch, subject and intro)",
  features: "Feature switches",
};

function sectionRoutes<S extends SettingsSection>(section: S, extra?: (c: Context<AppEnv>) => Promise<Record<string, unknown>>) {
  return new Hono<AppEnv>()
    .get(`/settings/${section}`, admin$(LABELS[section], { 200: json(`{ ${section} }`) }), async (c) => {
      const { db } = caller(c);
      return c.json({ [section]: await getSettings(db, section), ...(extra ? await extra(c) : {}) });
    })
    .put(`/settings/${section}`, admin$(`Change: ${LABELS[section]}`, { 200: json(`{ ${section} }`) }, { body: settingsSchemas[section] as z.ZodType }), async (c) => {
      const { actor } = caller(c);
      const input = c.req.valid("json") as never;
      const saved = await updateSettings(c.get("deps"), actor, section, input);
      return c.json({ [section]: saved, ...(extra ? await extra(c) : {}) });
    });
}

export const adminSettingsRoutes = new Hono<AppEnv>()
  .route("/", sectionRoutes("company"))
  .route("/", sectionRoutes("payments"))
  .route("/", sectionRoutes("maps", mapsExtra))
  .route("/", mapsPreviewRoutes)
  .route("/", sectionRoutes("messages"))
  .route("/", sectionRoutes("features"));

export const publicSettingsRoutes = new Hono<AppEnv>().get(
  "/public",
  route({ summary: "The company's details and the feature switches (no secrets)", tags: ["Settings"], access: "public", responses: { 200: json("{ company, features, tipPresetPercents }") } }),
  async (c) => {
    c.header("Cache-Control", "no-cache");
    return c.json(await publicSettings(c.get("deps").database.db));
  },
);
