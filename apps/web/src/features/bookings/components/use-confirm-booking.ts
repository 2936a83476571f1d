// Confirm Booking for either tab: sign-in first, then the card (embedded test mode: the chosen test card;
// stripe: a PaymentMethod from the Payment Element), then POST /api/bookings with the dialog's Idempotency-Key;
// the spec's toasts on success and failure. A refused quote (changed, expired, invalid) fetches a fresh one.
// A declined card shows the provider's reason under the card field; a card that needs its authentication
// step (3-D Secure) runs it (stripe: handleNextAction; embedded: the test-mode button) and the same request
// is sent again, with the same key, naming the PaymentIntent.
import { BOOKING_CONFIRMED_TITLE, LOGIN_TO_BOOK_MESSAGE, bookingConfirmedDescription } from "@meridian/shared/booking";
import {
  AUTHENTICATION_REQUIRED_CODE,
  AUTHENTICATION_REQUIRED_TITLE,
  CARD_DECLINED_CODE,
  CARD_DECLINED_TITLE,
  DEFAULT_TEST_CARD,
  type PaymentIntentChallenge,
} from "@meridian/shared/payments";
import { useRef, useState } from "react";
import { useUiState } from "@/lib/ui-state";
import { useAuth } from "@/lib/auth/auth-context";
import { ApiError } from "@/lib/api";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useCompleteTestAuthentication } from "../api/complete-test-authentication";
import { useCreateBooking, type CreateBookingInput, type CreateBookingResponse } from "../api/create-booking";
import { usePaymentConfig } from "@/lib/payments/payment-config";
import type { StripeCardHandle } from "@/components/payments/stripe-card-field";
import { isUnavailable } from "./unavailable-times";

const LOGIN_HINT = "Sign in or create an account, then confirm your booking.";
const CARD_FORM_LOADING = "The card form is still loading. Please try again in a moment.";

/** A booking refused because its time was sold meanwhile (409 unavailable): the form shows it with its alternatives. */
export type OnUnavailable = (error: ApiError) => void;

/**
 * The desk's booking for a caller (admin Bookings page): the forms skip the card step and hand the quote to `submit`
 * (with what to do when the time was sold meanwhile).
 */
export type BookForCaller = { submit: (quote: { service: "ride" | "valet"; quoteId: string }, onUnavailable?: OnUnavailable) => void; submitting: boolean; label: string };


type OnConfirmed = (res: CreateBookingResponse) => void;
type Challenge = { input: CreateBookingInput; intent: PaymentIntentChallenge; onConfirmed: OnConfirmed };

/** The card step's state, rendered by <CardStep>. */
export type CardState = ReturnType<typeof useConfirmBooking>["card"];

export function useConfirmBooking({
  idempotencyKey,
  renewIdempotencyKey,
  refetchQuote,
  amountUsd,
  onUnavailable,
}: {
  idempotencyKey: string;
  renewIdempotencyKey: () => void;
  refetchQuote: () => unknown;
  /** The time was sold meanwhile: the form shows the sentence and the nearest times (the quote is fetched again too). */
  onUnavailable?: OnUnavailable;
  /** The quoted total, for Stripe's Payment Element. */
  amountUsd: number | null;
}) {
  const { user } = useAuth();
  const { openSignIn } = useUiState();
  const booking = useCreateBooking();
  const config = usePaymentConfig();
  const authenticate = useCompleteTestAuthentication();
  const stripeHandle = useRef<StripeCardHandle | null>(null);
  const [testCard, setTestCardState] = useState<string>(DEFAULT_TEST_CARD);
  const [cardError, setCardError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [preparing, setPreparing] = useState(false);
  const provider = config.data?.provider ?? "embedded";

  const askToSignIn = () => {
    notifyError(LOGIN_TO_BOOK_MESSAGE, LOGIN_HINT);
    openSignIn("signIn");
  };

  const send = (input: CreateBookingInput, onConfirmed: OnConfirmed) => {
    booking.mutate(
      { input, idempotencyKey },
      {
        onSuccess: (res) => {
          setChallenge(null);
          setCardError(null);
          notifySuccess(BOOKING_CONFIRMED_TITLE, bookingConfirmedDescription(res.booking.service, res.ticket.ticketCode));
          onConfirmed(res);
        },
        onError: (err) => {
          const code = err instanceof ApiError ? err.code : "";
          const status = err instanceof ApiError ? err.status : 0;
          if (err instanceof ApiError && code === AUTHENTICATION_REQUIRED_CODE && err.paymentIntent) {
            // Same key: the resend after the step must name this PaymentIntent under the key that made it.
            const next: Challenge = { input, intent: err.paymentIntent, onConfirmed };
            setChallenge(next);
            if (provider === "stripe") void runStripeStep(next);
            else notifyError(AUTHENTICATION_REQUIRED_TITLE, err);
            return;
          }
          setChallenge(null);
          // A rejected request had no effect: the next attempt is a new request with a new key. After a
          // network drop, while the first attempt is still running, or when the payment service did not
          // answer, keep the key so a retry replays (and never authorises twice).
          if (status !== 0 && code !== "idempotency_in_progress" && code !== "payment_unavailable") renewIdempotencyKey();
          if (status === 401) {
            askToSignIn();
          } else if (code === CARD_DECLINED_CODE || code === "payment_method_invalid") {
            setCardError(err.message);
            notifyError(CARD_DECLINED_TITLE, err);
          } else if (code === "coupon_unavailable") {
            // The code went (used up, this customer's limit, deactivated): the fresh quote says why under the field.
            void refetchQuote();
            notifyError("Coupon Unavailable", err);
          } else if (code.startsWith("quote_") || code === "capacity" || code === "route_failed") {
            // quote_changed (409), quote_expired, quote_invalid: show the fresh price before booking.
            void refetchQuote();
            notifyError("Quote Error", err);
          } else if (isUnavailable(err) && onUnavailable) {
            // The time was sold meanwhile (a lost race for the last car): the form says so with the nearest times,
            // and the fresh quote follows (no generic "Booking Failed").
            onUnavailable(err);
            void refetchQuote();
          } else {
            notifyError("Booking Failed", err);
          }
        },
      },
    );
  };

  /** Stripe mode: Stripe.js runs the bank's step in its own frame, then the request is sent again. */
  async function runStripeStep(c: Challenge) {
    const handle = stripeHandle.current;
    if (!handle || !c.intent.clientSecret) return setCardError(CARD_FORM_LOADING);
    setPreparing(true);
    const outcome = await handle.handleNextAction(c.intent.clientSecret);
    setPreparing(false);
    if ("error" in outcome) {
      setChallenge(null);
      setCardError(outcome.error);
      renewIdempotencyKey();
      return;
    }
    send({ ...c.input, paymentIntentId: c.intent.id }, c.onConfirmed);
  }

  /** Embedded test mode: the "Complete authentication" button passes the step, then the request is sent again. */
  const completeAuthentication = () => {
    const c = challenge;
    if (!c) return;
    authenticate.mutate(
      { paymentIntentId: c.intent.id },
      {
        onSuccess: () => send({ ...c.input, paymentIntentId: c.intent.id }, c.onConfirmed),
        onError: (err) => notifyError("Booking Failed", err),
      },
    );
  };

  const confirm = async (input: Omit<CreateBookingInput, "paymentMethod">, onConfirmed: OnConfirmed) => {
    if (!user) return askToSignIn();
    setCardError(null);
    setChallenge(null);
    let paymentMethod = testCard;
    if (provider === "stripe") {
      const handle = stripeHandle.current;
      if (!handle) return setCardError(CARD_FORM_LOADING);
      setPreparing(true);
      const pm = await handle.createPaymentMethod();
      setPreparing(false);
      if ("error" in pm) return setCardError(pm.error);
      paymentMethod = pm.id;
    }
    send({ ...input, paymentMethod }, onConfirmed);
  };

  const setTestCard = (id: string) => {
    setTestCardState(id);
    setCardError(null);
    // The key authorised the previous card: another card is another request.
    if (challenge) {
      setChallenge(null);
      renewIdempotencyKey();
    }
  };

  return {
    confirm: (input: Omit<CreateBookingInput, "paymentMethod">, onConfirmed: OnConfirmed) => void confirm(input, onConfirmed),
    submitting: booking.isPending || preparing || authenticate.isPending,
    card: {
      provider,
      publishableKey: config.data?.publishableKey ?? null,
      configLoading: config.isPending,
      amountUsd,
      testCard,
      setTestCard,
      error: cardError,
      awaitingAuthentication: challenge !== null && provider === "embedded",
      completeAuthentication,
      authenticating: authenticate.isPending || (booking.isPending && challenge !== null),
      stripeHandle,
      clearError: () => setCardError(null),
    },
  };
}
