import { Hono } from "hono";
import { newsletterSchema } from "@meridian/shared/newsletter";
import { newsletterSubscriptions } from "../db/schema";
import type { AppEnv } from "../lib/context";
import { conflict } from "../lib/errors";
import { parseBody } from "../lib/validate";

export const SUBSCRIBE_FAILED = "This email might already be subscribed, or an error occurred.";

export const newsletterRoutes = new Hono<AppEnv>().post("/", async (c) => {
  const { email } = await parseBody(c, newsletterSchema);
  const inserted = await c
    .get("deps")
    .database.db.insert(newsletterSubscriptions)
    .values({ email: email.toLowerCase() })
    .onConflictDoNothing()
    .returning({ id: newsletterSubscriptions.id });
  if (inserted.length === 0) throw conflict(SUBSCRIBE_FAILED, "already_subscribed");
  return c.json({ subscribed: true }, 201);
});
