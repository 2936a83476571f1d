// /api/admin/coupons: list, create, edit (incl. deactivate). Mounted under /api/admin behind the
// admin-only middleware in app.ts; each handler also asks for the admin role (the audit actor).
import { Hono, type Context } from "hono";
import { z } from "zod";
import { couponInputSchema, couponUpdateSchema } from "@meridian/shared/coupons";
import { requireRole } from "../auth/session";
import type { AppEnv } from "../lib/context";
import { describedJson, routesFor } from "../lib/openapi";
import { parseWith } from "../lib/validate";
import { createCoupon, listCoupons, updateCoupon } from "./coupons.service";

const idSchema = z.uuid({ error: "That id is not valid." });

async function admin(c: Context<AppEnv>) {
  const user = await requireRole(c, "admin");
  return { actor: { id: user.id, email: user.email }, db: c.get("deps").database.db };
}

const coupons$ = routesFor("admin", ["Admin: coupons"]);

export const adminCouponsRoutes = new Hono<AppEnv>()
  .get("/coupons", coupons$("Every coupon with its uses", { 200: describedJson("{ coupons }") }), async (c) => {
    const { db } = await admin(c);
    return c.json({ coupons: await listCoupons(db) });
  })
  .post("/coupons", coupons$("Create a coupon", { 201: describedJson("{ coupon }"), 409: { description: "That code is taken" } }, { body: couponInputSchema }), async (c) => {
    const { db, actor } = await admin(c);
    return c.json({ coupon: await createCoupon(db, actor, c.req.valid("json")) }, 201);
  })
  .patch(
    "/coupons/:id",
    coupons$("Change a coupon (or deactivate it)", { 200: describedJson("{ coupon }"), 400: { description: "That id is not valid, or the input is not" }, 404: { description: "No such coupon" } }, { body: couponUpdateSchema }),
    async (c) => {
      const { db, actor } = await admin(c);
      const id = parseWith(idSchema, c.req.param("id"));
      return c.json({ coupon: await updateCoupon(db, actor, id, c.req.valid("json")) });
    },
  );
