// The dialog's card step, above Confirm: in embedded mode a clearly labelled test mode with Stripe's test
// cards to pick (and the test-mode authentication step when a card asks for one); with Stripe configured,
// Stripe's Payment Element (loaded only then, from its own chunk). The server's 402 reason shows under the field.
import {
  AUTHENTICATION_REQUIRED_MESSAGE,
  CARD_HOLD_NOTE,
  CARD_LABEL,
  COMPLETE_AUTHENTICATION_LABEL,
  TEST_CARD_OPTIONS,
  TEST_MODE_HINT,
  TEST_MODE_LABEL,
} from "@meridian/shared/payments";
import { CreditCard, ShieldCheck } from "lucide-react";
import { lazy, Suspense } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/label";
import { OptionSelect } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import type { CardState } from "./use-confirm-booking";

const testCardOptions = TEST_CARD_OPTIONS.map((c) => ({ value: c.id, label: c.label, hint: c.outcome }));

const StripeCardField = lazy(() => import("@/components/payments/stripe-card-field"));

export function CardStep({ card, idPrefix }: { card: CardState; idPrefix: string }) {
  const fieldId = `${idPrefix}-card`;
  if (card.provider === "stripe") {
    return (
      <section aria-label={CARD_LABEL} className="space-y-2" data-testid="card-step">
        <p className="text-xs font-medium uppercase tracking-[0.14em] text-muted">{CARD_LABEL}</p>
        {card.publishableKey ? (
          <Suspense fallback={<Spinner className="size-4 border" label="Loading the card form" />}>
            <StripeCardField publishableKey={card.publishableKey} amountUsd={card.amountUsd} handleRef={card.stripeHandle} />
          </Suspense>
        ) : (
          <p role="alert" className="text-xs text-danger">
            Card payments are not set up on this server yet. Please contact us to book.
          </p>
        )}
        {card.error ? (
          <p id={`${fieldId}-error`} role="alert" className="text-xs text-danger">
            {card.error}
          </p>
        ) : null}
        <p className="text-[11px] text-muted">{CARD_HOLD_NOTE}</p>
      </section>
    );
  }

  return (
    <section aria-label={CARD_LABEL} className="space-y-3 rounded-lg border border-border bg-surface/40 px-4 py-4" data-testid="card-step">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm font-medium text-foreground">
          <CreditCard className="size-4 text-gold" aria-hidden />
          Payment
        </p>
        <Badge tone="info" data-testid="test-mode-badge">
          {TEST_MODE_LABEL}
        </Badge>
      </div>
      <p className="text-xs text-muted">{TEST_MODE_HINT}</p>
      <Field label={`${CARD_LABEL} (${TEST_MODE_LABEL.toLowerCase()})`} htmlFor={fieldId} error={card.error ?? undefined}>
        <OptionSelect id={fieldId} label={`${CARD_LABEL} (${TEST_MODE_LABEL.toLowerCase()})`} testId="card-select" value={card.testCard} onValueChange={card.setTestCard} options={testCardOptions} />
      </Field>
      {card.awaitingAuthentication ? (
        <div role="status" className="space-y-2 rounded-md border border-gold/40 bg-gold/[0.06] px-3 py-3 text-xs text-foreground/90">
          <p className="flex gap-2">
            <ShieldCheck className="mt-px size-3.5 shrink-0 text-gold" aria-hidden />
            {AUTHENTICATION_REQUIRED_MESSAGE}
          </p>
          <Button type="button" variant="outline" size="sm" onClick={card.completeAuthentication} disabled={card.authenticating} aria-busy={card.authenticating || undefined}>
            {card.authenticating ? <Spinner className="size-3.5 border" label="Authenticating" /> : null}
            {COMPLETE_AUTHENTICATION_LABEL} ({TEST_MODE_LABEL.toLowerCase()})
          </Button>
        </div>
      ) : null}
      <p className="text-[11px] text-muted">{CARD_HOLD_NOTE}</p>
    </section>
  );
}
