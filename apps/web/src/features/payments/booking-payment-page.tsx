// /bookings/:id/payment: the link in the "Payment needed" e-mail. The card on file could not be authorised again
// before a far-off service; the customer confirms a card here (embedded mode: Stripe's test cards, clearly
// labelled as test mode; a card that needs its 3-D Secure step gets a test-mode "Complete authentication" button).
// /pay/:token: the same page for a booking the desk made for a caller, opened by its secure link without signing in.
import { CreditCard, ShieldCheck } from "lucide-react";
import { lazy, Suspense, useRef, useState, type RefObject } from "react";
import { Link, useParams } from "react-router";
import { AWAITING_LINK_PAYMENT } from "@meridian/shared/caller-booking";
import { NOT_PAYABLE_MESSAGE, NOT_YET_MESSAGE, TEST_MODE_CARDS } from "@meridian/shared/payment-lifecycle";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { OptionSelect } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { notifyError, notifySuccess } from "@/lib/notify";
import { usePaymentConfig } from "@/lib/payments/payment-config";
import type { StripeCardHandle } from "@/components/payments/stripe-card-field";
import { useBookingPayment, useConfirmBookingCard } from "./api/booking-payment";

const StripeCardField = lazy(() => import("@/components/payments/stripe-card-field"));
const CARD_FORM_LOADING = "The card form is still loading. Please try again in a moment.";
import { formatCard, formatMoney } from "@meridian/shared/money";
import { dayLabel } from "@/lib/time";

const testCardOptions = TEST_MODE_CARDS.map((c) => ({ value: c.paymentMethod, label: c.label }));

export default function BookingPaymentPage() {
  const { id = "", token } = useParams();
  const source = token !== undefined ? { token } : { id };
  const payment = useBookingPayment(source);
  const confirm = useConfirmBookingCard(source);
  const [card, setCard] = useState<string>(TEST_MODE_CARDS[0].paymentMethod);
  const [pendingIntent, setPendingIntent] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const stripeHandle = useRef<StripeCardHandle | null>(null);
  const p = payment.data;

  const submit = async (input: { paymentMethod?: string; paymentIntentId?: string }) => {
    setCardError(null);
    try {
      const { payment: done } = await confirm.mutateAsync(input);
      setPendingIntent(null);
      notifySuccess("Payment Confirmed", `${formatMoney(done.amountUsd)} is authorised on your card. Your booking stays on.`);
    } catch (err) {
      if (err instanceof ApiError && err.code === "authentication_required" && err.fields?.paymentIntentId) {
        // Stripe: Stripe.js runs the bank's step in its own frame, then the intent is sent back. Embedded: the test-mode button.
        if (p?.provider === "stripe" && err.paymentIntent?.clientSecret) return runStripeStep(err.paymentIntent.id, err.paymentIntent.clientSecret);
        setPendingIntent(err.fields.paymentIntentId);
        return;
      }
      if (err instanceof ApiError && (err.code === "card_declined" || err.code === "payment_method_invalid")) setCardError(err.message);
      notifyError("Payment Failed", err);
    }
  };

  /** Stripe mode: a PaymentMethod from the Payment Element; the server authorises it and saves it for later charges. */
  const payWithNewCard = async () => {
    const handle = stripeHandle.current;
    if (!handle) return setCardError(CARD_FORM_LOADING);
    setCardError(null);
    setPreparing(true);
    const pm = await handle.createPaymentMethod();
    setPreparing(false);
    if ("error" in pm) return setCardError(pm.error);
    await submit({ paymentMethod: pm.id });
  };

  async function runStripeStep(intentId: string, clientSecret: string) {
    const handle = stripeHandle.current;
    if (!handle) return setCardError(CARD_FORM_LOADING);
    setPreparing(true);
    const outcome = await handle.handleNextAction(clientSecret);
    setPreparing(false);
    if ("error" in outcome) return setCardError(outcome.error);
    await submit({ paymentIntentId: intentId });
  }

  return (
    <main className="relative min-h-[100svh] pb-24 pt-28 sm:pt-32">
      <div className="mx-auto w-full max-w-xl px-4 sm:px-6">
        <p className="text-xs font-medium uppercase tracking-[0.28em] text-gold">Your Meridian</p>
        <h1 className="mt-3 font-display text-4xl font-medium leading-tight text-foreground">Confirm your payment</h1>
        {payment.isPending ? (
          <div className="mt-10 flex justify-center">
            <Spinner />
          </div>
        ) : payment.isError || !p ? (
          <p className="mt-6 text-muted">{token !== undefined ? "This payment link is not valid or has expired." : "We could not find this booking. It may belong to another account."}</p>
        ) : (
          <Card className="mt-8 space-y-6">
            <div>
              <p className="text-sm text-muted">
                {p.service === "ride" ? "Ride" : "Valet service"} on {dayLabel(p.bookingDate)}
              </p>
              <p className="mt-1 font-display text-3xl text-foreground">{formatMoney(p.amountUsd)}</p>
            </div>
            {(p.state === "needed" || p.state === "none") && p.payable ? (
              <>
                <p className="text-sm text-foreground">
                  {p.state === "needed" && p.lastError !== AWAITING_LINK_PAYMENT
                    ? `We could not authorise your card for this booking${p.lastError ? `: ${p.lastError}` : "."} Confirm a card to keep it.`
                    : "No card is on file for this booking yet. Confirm one to keep it."}
                </p>
                {pendingIntent ? (
                  <div className="space-y-3 rounded-md border border-gold/40 bg-gold/5 p-4">
                    <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold">Test mode</p>
                    <p className="text-sm text-foreground">Your card asks for an authentication step (3-D Secure). In test mode, complete it here.</p>
                    <Button disabled={confirm.isPending} onClick={() => submit({ paymentIntentId: pendingIntent })}>
                      <ShieldCheck aria-hidden /> Complete authentication
                    </Button>
                  </div>
                ) : p.provider === "embedded" ? (
                  <div className="space-y-3">
                    <p className="text-xs font-semibold uppercase tracking-[0.2em] text-gold">Test mode: no real card is charged</p>
                    <Label htmlFor="test-card">Test card</Label>
                    <OptionSelect id="test-card" label="Test card" value={card} onValueChange={setCard} options={testCardOptions} />
                    <Button disabled={confirm.isPending} onClick={() => submit({ paymentMethod: card })}>
                      <CreditCard aria-hidden /> Authorise {formatMoney(p.amountUsd)}
                    </Button>
                  </div>
                ) : (
                  <StripeNewCard
                    amountUsd={p.amountUsd}
                    cardOnFile={p.cardOnFile}
                    busy={confirm.isPending || preparing}
                    error={cardError}
                    handleRef={stripeHandle}
                    onPay={payWithNewCard}
                    onRetry={() => submit({})}
                  />
                )}
              </>
            ) : (
              <p className="text-sm text-foreground" data-testid="payment-state">
                {p.state === "authorised" || p.state === "captured"
                  ? `Paid: ${formatMoney(p.amountUsd)} is ${p.state === "authorised" ? "authorised" : "charged"}${p.card ? ` on your ${formatCard(p.card)}` : ""}. Nothing more to do.`
                  : p.payable
                    ? NOT_YET_MESSAGE
                    : NOT_PAYABLE_MESSAGE}
              </p>
            )}
            {token === undefined ? (
              <Link to="/dashboard" className="inline-block text-sm text-gold underline-offset-4 hover:underline">
                Back to your bookings
              </Link>
            ) : null}
          </Card>
        )}
      </div>
    </main>
  );
}

/**
 * Stripe mode: Stripe's Payment Element for a new card (a caller booked at the desk has none on file), saved for the
 * charges after it; with a card on file, "Try my card again" too.
 */
function StripeNewCard({
  amountUsd,
  cardOnFile,
  busy,
  error,
  handleRef,
  onPay,
  onRetry,
}: {
  amountUsd: number;
  cardOnFile: boolean;
  busy: boolean;
  error: string | null;
  handleRef: RefObject<StripeCardHandle | null>;
  onPay: () => void;
  onRetry: () => void;
}) {
  const config = usePaymentConfig();
  const key = config.data?.provider === "stripe" ? config.data.publishableKey : null;
  if (config.isPending) return <Spinner className="size-4 border" label="Loading the card form" />;
  if (!key) {
    return (
      <p role="alert" className="text-sm text-danger">
        Card payments are not set up on this server yet. Please contact us to pay.
      </p>
    );
  }
  return (
    <section aria-label="Card" className="space-y-3" data-testid="pay-card">
      <Suspense fallback={<Spinner className="size-4 border" label="Loading the card form" />}>
        <StripeCardField publishableKey={key} amountUsd={amountUsd} handleRef={handleRef} />
      </Suspense>
      {error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button disabled={busy} onClick={onPay}>
          <CreditCard aria-hidden /> Authorise {formatMoney(amountUsd)}
        </Button>
        {cardOnFile ? (
          <Button variant="outline" disabled={busy} onClick={onRetry}>
            Try my card on file again
          </Button>
        ) : null}
      </div>
    </section>
  );
}
