// Confirm Booking for either tab: sign-in first, then POST /api/bookings with the dialog's Idempotency-Key;
// the spec's toasts on success and failure. A refused quote (changed, expired, invalid) fetches a fresh one.
import { BOOKING_CONFIRMED_TITLE, LOGIN_TO_BOOK_MESSAGE, bookingConfirmedDescription } from "@meridian/shared/booking";
import { useUiState } from "@/app/ui-state";
import { useAuth } from "@/features/auth/auth-context";
import { ApiError } from "@/lib/api";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useCreateBooking, type CreateBookingInput, type CreateBookingResponse } from "../api/create-booking";

const LOGIN_HINT = "Sign in or create an account, then confirm your booking.";

export function useConfirmBooking({
  idempotencyKey,
  renewIdempotencyKey,
  refetchQuote,
}: {
  idempotencyKey: string;
  renewIdempotencyKey: () => void;
  refetchQuote: () => unknown;
}) {
  const { user } = useAuth();
  const { openSignIn } = useUiState();
  const booking = useCreateBooking();

  const askToSignIn = () => {
    notifyError(LOGIN_TO_BOOK_MESSAGE, LOGIN_HINT);
    openSignIn("signIn");
  };

  const confirm = (input: CreateBookingInput, onConfirmed: (res: CreateBookingResponse) => void) => {
    if (!user) return askToSignIn();
    booking.mutate(
      { input, idempotencyKey },
      {
        onSuccess: (res) => {
          notifySuccess(BOOKING_CONFIRMED_TITLE, bookingConfirmedDescription(res.booking.service, res.ticket.ticketCode));
          onConfirmed(res);
        },
        onError: (err) => {
          const code = err instanceof ApiError ? err.code : "";
          const status = err instanceof ApiError ? err.status : 0;
          // A rejected request had no effect: the next attempt is a new request with a new key. After a
          // network drop or while the first attempt is still running, keep the key so a retry replays.
          if (status !== 0 && code !== "idempotency_in_progress") renewIdempotencyKey();
          if (status === 401) {
            askToSignIn();
          } else if (code === "coupon_unavailable") {
            // The code went (used up, this customer's limit, deactivated): the fresh quote says why under the field.
            void refetchQuote();
            notifyError("Coupon Unavailable", err);
          } else if (code.startsWith("quote_") || code === "capacity" || code === "route_failed") {
            // quote_changed (409), quote_expired, quote_invalid: show the fresh price before booking.
            void refetchQuote();
            notifyError("Quote Error", err);
          } else {
            notifyError("Booking Failed", err);
          }
        },
      },
    );
  };

  return { confirm, submitting: booking.isPending };
}
