// The hosts Stripe.js and its Payment Element need in the Content-Security-Policy (Stripe's documented list),
// only while stripe is the configured provider: script and frames from js.stripe.com, the 3-D Secure frames
// from hooks.stripe.com, API calls to api.stripe.com. The stripe provider declares them on its port (cspSources),
// and the app's security headers add them (lib/security-headers.ts).
import type { AppConfig } from "../env";
import type { CspSources } from "../lib/security-headers";

export function stripeCspSources(config: Pick<AppConfig, "env">): CspSources | undefined {
  if (config.env.PAYMENT_PROVIDER !== "stripe" || !config.env.STRIPE_PUBLISHABLE_KEY) return undefined;
  return {
    scriptSrc: ["https://js.stripe.com", "https://*.js.stripe.com"],
    frameSrc: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
    connectSrc: ["https://api.stripe.com"],
    imgSrc: ["https://*.stripe.com"],
  };
}
