import { Hono } from "hono";
import { newsletterAnswerSchema, newsletterSchema } from "@meridian/shared/newsletter";
import { newsletterSubscriptions } from "../db/schema";
import type { AppEnv } from "../lib/context";
import { conflict } from "../lib/errors";
import { route } from "../lib/openapi";

export const SUBSCRIBE_FAILED = "This email might already be subscribed, or an error occurred.";

export const newsletterRoutes = new Hono<AppEnv>().post(
  "/",
  route({
    summary: "Subscribe to the newsletter",
    tags: ["Marketing"],
    access: "public",
    body: newsletterSchema,
    responses: { 201: newsletterAnswerSchema, 409: { description: SUBSCRIBE_FAILED } },
  }),
  async (c) => {
    const { email } = c.req.valid("json");
    const inserted = await c
      .get("deps")
      .database.db.insert(newsletterSubscriptions)
      .values({ email: email.toLowerCase() })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscriptions.id });
    if (inserted.length === 0) throw conflict(SUBSCRIBE_FAILED, "already_subscribed");
    return c.json({ subscribed: true as const }, 201);
  },
);
