// /api/admin/coupons: list, create, edit (incl. deactivate). Mounted under /api/admin behind the
// admin-only middleware in app.ts; each handler also asks for the admin role (the audit actor).
import { Hono, type Context } from "hono";
import { z } from "zod";
import { couponInputSchema, couponUpdateSchema } from "@meridian/shared/coupons";
import { requireRole } from "../auth/session";
import type { AppEnv } from "../lib/context";
import { parseBody, parseWith } from "../lib/validate";
import { createCoupon, listCoupons, updateCoupon } from "./coupons.service";

const idSchema = z.uuid({ error: "That id is not valid." });

async function admin(c: Context<AppEnv>) {
  const user = await requireRole(c, "admin");
  return { actor: { id: user.id, email: user.email }, db: c.get("deps").database.db };
}

export const adminCouponsRoutes = new Hono<AppEnv>()
  .get("/coupons", async (c) => {
    const { db } = await admin(c);
    return c.json({ coupons: await listCoupons(db) });
  })
  .post("/coupons", async (c) => {
    const { db, actor } = await admin(c);
    const input = await parseBody(c, couponInputSchema);
    return c.json({ coupon: await createCoupon(db, actor, input) }, 201);
  })
  .patch("/coupons/:id", async (c) => {
    const { db, actor } = await admin(c);
    const id = parseWith(idSchema, c.req.param("id"));
    const patch = await parseBody(c, couponUpdateSchema);
    return c.json({ coupon: await updateCoupon(db, actor, id, patch) });
  });
