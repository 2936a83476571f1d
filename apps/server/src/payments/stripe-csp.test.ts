import { describe, expect, it } from "vitest";
import { createTestApp } from "../test/harness";
import { loadEnv } from "../env";
import { stripeCspSources } from "./stripe-csp";

const base = { NODE_ENV: "test", AUTH_SECRET: "test-secret-test-secret-test-secret-0123", PUBLIC_URL: "http://localhost:3000" };

describe("Stripe's CSP sources", () => {
  it("are added only while stripe is configured with a publishable key", () => {
    expect(stripeCspSources({ env: loadEnv(base) })).toBeUndefined();
    const stripe = { ...base, PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" };
    expect(stripeCspSources({ env: loadEnv(stripe) })).toBeUndefined();
    const sources = stripeCspSources({ env: loadEnv({ ...stripe, STRIPE_PUBLISHABLE_KEY: "pk_test_x" }) });
    expect(sources?.scriptSrc).toContain("https://js.stripe.com");
    expect(sources?.frameSrc).toEqual(expect.arrayContaining(["https://js.stripe.com", "https://hooks.stripe.com"]));
    expect(sources?.connectSrc).toEqual(["https://api.stripe.com"]);
  });
});

describe("the Content-Security-Policy of the pages", () => {
  const csp = async (env: Record<string, string>) => {
    const t = await createTestApp(env);
    try {
      return (await t.app.request("/api/payments/config")).headers.get("content-security-policy") ?? "";
    } finally {
      await t.close();
    }
  };
  it("allows Stripe's script, frames and API only while stripe is the payment provider", async () => {
    const embedded = await csp({});
    expect(embedded).toMatch(/script-src 'self'(;|$)/);
    expect(embedded).not.toContain("stripe.com");
    const stripe = await csp({ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x" });
    expect(stripe).toContain("script-src 'self' https://js.stripe.com https://*.js.stripe.com");
    expect(stripe).toContain("frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com");
    expect(stripe).toContain("connect-src 'self' https://api.stripe.com");
    expect(stripe).toContain("frame-ancestors 'none'");
  });
});
