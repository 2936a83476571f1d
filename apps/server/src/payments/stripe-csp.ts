// The hosts Stripe.js and its Payment Element need in the Content-Security-Policy (Stripe's documented list),
// only while stripe is the configured provider: script and frames from js.stripe.com, the 3-D Secure frames
// from hooks.stripe.com, API calls to api.stripe.com. The security headers add them through `providerSources`
// (the shape below is the CspSources of lib/security-headers.ts).
import type { AppConfig } from "../env";

export type StripeCspSources = { scriptSrc: string[]; frameSrc: string[]; connectSrc: string[]; imgSrc: string[] };

export function stripeCspSources(config: Pick<AppConfig, "env">): StripeCspSources | undefined {
  if (config.env.PAYMENT_PROVIDER !== "stripe" || !config.env.STRIPE_PUBLISHABLE_KEY) return undefined;
  return {
    scriptSrc: ["https://js.stripe.com", "https://*.js.stripe.com"],
    frameSrc: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
    connectSrc: ["https://api.stripe.com"],
    imgSrc: ["https://*.stripe.com"],
  };
}
