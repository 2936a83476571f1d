// Stripe mode: Stripe's Payment Element in the dialog (cards only, no redirects), in the deferred-intent
// flow: the element makes a PaymentMethod, the server creates and confirms the PaymentIntent (manual
// capture, the card saved for off-session charges), and Stripe.js runs any authentication step it asks for.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Appearance, type Stripe } from "@stripe/stripe-js";
import { useEffect, useState, type RefObject } from "react";

/** What the Payment Element (stripe mode) does for the dialog; set by the card field once Stripe.js is ready. */
export type StripeCardHandle = {
  createPaymentMethod: () => Promise<{ id: string } | { error: string }>;
  handleNextAction: (clientSecret: string) => Promise<{ ok: true } | { error: string }>;
};

const loaded = new Map<string, Promise<Stripe | null>>();
/** Stripe.js for the key, loaded once; a failed load (offline, blocked) answers null and is tried again next time. */
const stripeFor = (key: string) => {
  let p = loaded.get(key);
  if (!p) {
    p = loadStripe(key).catch(() => null);
    loaded.set(key, p);
    void p.then((s) => (s ? undefined : loaded.delete(key)));
  }
  return p;
};
export const CARD_FORM_FAILED = "The card form could not load. Check your connection, then reload the page.";

// The dialog's dark surface and gold accent.
const appearance: Appearance = {
  theme: "night",
  variables: { colorPrimary: "#c9a35c", colorBackground: "#121215", colorText: "#ece7dc", colorDanger: "#f87171", borderRadius: "8px", fontFamily: "Inter, system-ui, sans-serif" },
};

export default function StripeCardField({
  publishableKey,
  amountUsd,
  handleRef,
}: {
  publishableKey: string;
  amountUsd: number | null;
  handleRef: RefObject<StripeCardHandle | null>;
}) {
  // Stripe's minimum is 50 cents; before a quote the element still shows, with the minimum.
  const amount = Math.max(50, Math.round((amountUsd ?? 0) * 100));
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let on = true;
    void stripeFor(publishableKey).then((s) => on && setFailed(!s));
    return () => {
      on = false;
    };
  }, [publishableKey]);
  if (failed) {
    return (
      <p role="alert" className="text-sm text-danger">
        {CARD_FORM_FAILED}
      </p>
    );
  }
  return (
    <Elements
      stripe={stripeFor(publishableKey)}
      options={{
        mode: "payment",
        amount,
        currency: "usd",
        captureMethod: "manual",
        setupFutureUsage: "off_session",
        paymentMethodCreation: "manual",
        appearance,
      }}
    >
      <Handle handleRef={handleRef} />
      <PaymentElement options={{ layout: "tabs" }} />
    </Elements>
  );
}

function Handle({ handleRef }: { handleRef: RefObject<StripeCardHandle | null> }) {
  const stripe = useStripe();
  const elements = useElements();
  useEffect(() => {
    if (!stripe || !elements) return;
    handleRef.current = {
      async createPaymentMethod() {
        const submitted = await elements.submit();
        if (submitted.error) return { error: submitted.error.message ?? "Please check your card details." };
        const { paymentMethod, error } = await stripe.createPaymentMethod({ elements });
        if (error || !paymentMethod) return { error: error?.message ?? "Please check your card details." };
        return { id: paymentMethod.id };
      },
      async handleNextAction(clientSecret) {
        const { error } = await stripe.handleNextAction({ clientSecret });
        return error ? { error: error.message ?? "The card's authentication step was not completed." } : { ok: true };
      },
    };
    return () => {
      handleRef.current = null;
    };
  }, [stripe, elements, handleRef]);
  return null;
}
