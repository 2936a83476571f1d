// /api/admin/coupons: list, create, edit (incl. deactivate). Admin only (each route's route({ access })).
import { Hono } from "hono";
import { z } from "zod";
import { couponInputSchema, couponUpdateSchema } from "@meridian/shared/coupons";
import type { AppEnv } from "../lib/context";
import { adminCouponResponseSchema, adminCouponsResponseSchema } from "@meridian/shared/pricing/answers";
import { caller, routesFor } from "../lib/openapi";
import { parseWith } from "../lib/validate";
import { createCoupon, listCoupons, updateCoupon } from "./coupons.service";

const idSchema = z.uuid({ error: "That id is not valid." });

const coupons$ = routesFor("admin", ["Admin: coupons"]);

export const adminCouponsRoutes = new Hono<AppEnv>()
  .get("/coupons", coupons$("Every coupon with its uses", { 200: adminCouponsResponseSchema }), async (c) => {
    const { db } = caller(c);
    return c.json({ coupons: await listCoupons(db) });
  })
  .post("/coupons", coupons$("Create a coupon", { 201: adminCouponResponseSchema, 409: { description: "That code is taken" } }, { body: couponInputSchema }), async (c) => {
    const { db, actor } = caller(c);
    return c.json({ coupon: await createCoupon(db, actor, c.req.valid("json")) }, 201);
  })
  .patch(
    "/coupons/:id",
    coupons$("Change a coupon (or deactivate it)", { 200: adminCouponResponseSchema, 400: { description: "That id is not valid, or the input is not" }, 404: { description: "No such coupon" } }, { body: couponUpdateSchema }),
    async (c) => {
      const { db, actor } = caller(c);
      const id = parseWith(idSchema, c.req.param("id"));
      return c.json({ coupon: await updateCoupon(db, actor, id, c.req.valid("json")) });
    },
  );
