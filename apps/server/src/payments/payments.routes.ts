// POST /api/payments/stripe/webhook: Stripe's events, verified with the endpoint's signing secret over
// the raw body, then applied to the stored payment once each (a replayed event id is ignored).
import { Hono } from "hono";
import Stripe from "stripe";
import { z } from "zod";
import type { AppEnv } from "../lib/context";
import { HttpError, notFound } from "../lib/errors";
import { route } from "../lib/openapi";
import { applyStripeEvent } from "./payments.service";

// Signature checks need no API key nor network: a client made with a placeholder key is enough.
const webhooks = new Stripe("sk_webhooks_only").webhooks;

export const paymentsRoutes = new Hono<AppEnv>().post(
  "/stripe/webhook",
  route({
    summary: "Stripe's webhook (payment_intent.* and charge.refunded events)",
    description:
      "The raw body is Stripe's event JSON, verified with the endpoint's signing secret (STRIPE_WEBHOOK_SECRET) over the exact bytes; an event id already applied is acknowledged again as a duplicate. Only while PAYMENT_PROVIDER=stripe.",
    tags: ["Payments"],
    access: "public",
    parameters: [{ in: "header", name: "Stripe-Signature", required: true, description: "Stripe's signature of the raw body", schema: { type: "string" } }],
    responses: {
      200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
      400: { description: "The webhook signature could not be verified." },
      404: { description: "Stripe webhooks are not enabled on this server (PAYMENT_PROVIDER is not stripe)." },
    },
  }),
  async (c) => {
    const { config, database, logger } = c.get("deps");
    const secret = config.env.PAYMENT_PROVIDER === "stripe" ? config.env.STRIPE_WEBHOOK_SECRET : undefined;
    if (!secret) throw notFound("Stripe webhooks are not enabled on this server (PAYMENT_PROVIDER is not stripe).");
    const signature = c.req.header("stripe-signature");
    const payload = await c.req.text();
    let event: Stripe.Event;
    try {
      if (!signature) throw new Error("No Stripe-Signature header.");
      event = webhooks.constructEvent(payload, signature, secret);
    } catch (err) {
      logger.warn("stripe webhook refused", { requestId: c.get("requestId"), reason: (err as Error).message });
      throw new HttpError(400, "invalid_signature", "The webhook signature could not be verified.");
    }
    const outcome = await applyStripeEvent(database.db, event);
    return c.json({ received: true, duplicate: outcome === "duplicate" });
  },
);
