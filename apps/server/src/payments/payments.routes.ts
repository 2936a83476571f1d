// POST /api/payments/stripe/webhook: Stripe's events, verified with the endpoint's signing secret over
// the raw body, then applied to the stored payment once each (a replayed event id is ignored).
// GET /api/payments/config: which card step the booking dialog shows (embedded test mode, or Stripe's
// Payment Element with the publishable key). POST /api/payments/test/authenticate (embedded test mode only):
// the step a bank's 3-D Secure page would run, for one of the signed-in customer's own PaymentIntents.
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import {
  completeAuthenticationResponseSchema,
  completeAuthenticationSchema,
  PAYMENT_INTENT_MISMATCH_MESSAGE,
  paymentConfigResponseSchema,
  type CompleteAuthenticationResponse,
  type PaymentConfigResponse,
} from "@meridian/shared/payments";
import { embeddedPaymentIntents } from "../db/schema";
import type { AppEnv } from "../lib/context";
import { HttpError, notFound } from "../lib/errors";
import { route } from "../lib/openapi";
import { applyWebhookEvent } from "./payments.service";
import type { WebhookEvent } from "../lib/payment-provider";
import { paymentErrorToHttp } from "./charges";

export const paymentsRoutes = new Hono<AppEnv>()
  .get(
    "/config",
    route({
      summary: "Which card step the booking dialog shows",
      description: "Embedded test mode (Stripe's test cards, no real money) or Stripe's Payment Element with the publishable key.",
      tags: ["Payments"],
      access: "public",
      responses: { 200: paymentConfigResponseSchema },
    }),
    (c) => {
      const { env } = c.get("deps").config;
      const body: PaymentConfigResponse =
        env.PAYMENT_PROVIDER === "stripe" ? { provider: "stripe", publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null } : { provider: "embedded", publishableKey: null };
      return c.json(body);
    },
  )
  .post(
    "/test/authenticate",
    route({
      summary: "Pass a card's authentication step (embedded test mode only)",
      description:
        "The step a bank's 3-D Secure page would run, for one of the signed-in customer's own PaymentIntents (a 402 authentication_required answer of POST /api/bookings names it); then resend the booking with paymentIntentId and the same Idempotency-Key.",
      tags: ["Payments"],
      access: "signed-in",
      body: completeAuthenticationSchema,
      responses: {
        200: completeAuthenticationResponseSchema,
        404: { description: "Not one of this customer's PaymentIntents, or the server is not in embedded test mode" },
        409: { description: "The PaymentIntent is not waiting for authentication" },
      },
    }),
    async (c) => {
      const me = c.get("actor");
      const { payments, database } = c.get("deps");
      if (payments.kind !== "embedded") throw notFound("The test authentication step exists only in embedded test mode; Stripe runs the real one in the browser.");
      const { paymentIntentId } = c.req.valid("json");
      const [row] = await database.db.select({ metadata: embeddedPaymentIntents.metadata }).from(embeddedPaymentIntents).where(eq(embeddedPaymentIntents.id, paymentIntentId));
      // Only the customer the booking request authorised it for may pass its step; another's intent is "not found".
      if (!row || row.metadata.userId !== me.id) throw new HttpError(404, "not_found", PAYMENT_INTENT_MISMATCH_MESSAGE, { paymentIntentId: PAYMENT_INTENT_MISMATCH_MESSAGE });
      try {
        const intent = await payments.completeAuthentication(paymentIntentId, `authenticate:${paymentIntentId}`);
        const body: CompleteAuthenticationResponse = { paymentIntentId: intent.id, status: intent.status };
        return c.json(body);
      } catch (err) {
        throw paymentErrorToHttp(err);
      }
    },
  )
  .post(
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
    const { config, database, logger, payments } = c.get("deps");
    if (config.env.PAYMENT_PROVIDER !== "stripe" || !payments.parseWebhook) throw notFound("Stripe webhooks are not enabled on this server (PAYMENT_PROVIDER is not stripe).");
    const payload = await c.req.text();
    let event: WebhookEvent;
    try {
      // The provider verifies the signature and says what the event means; the gate applies it.
      event = payments.parseWebhook(payload, c.req.header("stripe-signature"));
    } catch (err) {
      logger.warn("stripe webhook refused", { requestId: c.get("requestId"), reason: (err as Error).message });
      throw new HttpError(400, "invalid_signature", "The webhook signature could not be verified.");
    }
    const outcome = await applyWebhookEvent(database.db, payments.kind, event);
    return c.json({ received: true, duplicate: outcome === "duplicate" });
  },
);
