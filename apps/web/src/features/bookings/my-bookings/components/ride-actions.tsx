// The customer's Cancel and Reschedule. Cancel states the fee (if past the cut-off) before the customer confirms;
// Reschedule re-quotes the new date and time and asks for agreement when the price changes.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ItemDialog } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/label";
import { LoadingBlock } from "@/components/ui/spinner";
import { getQuote, type QuoteResponse } from "@/features/bookings/api/get-quote";
import { ApiError } from "@/lib/api";
import { notifyError, notifySuccess } from "@/lib/notify";
import { dayLabel } from "@/lib/time";
import { formatMoney } from "@meridian/shared/money";
import { useCancelMyBooking, useCancellationTerms } from "../api/cancel-my-booking";
import type { MyBooking } from "../api/get-my-bookings";
import { useRescheduleMyBooking } from "../api/reschedule-my-booking";
import { formatTime } from "./booking-display";

export const canChange = (b: MyBooking) => b.status === "pending" || b.status === "confirmed";

export function CancelBookingDialog({ booking, onClose }: { booking: MyBooking | null; onClose: () => void }) {
  const terms = useCancellationTerms(booking?.id ?? null);
  const cancel = useCancelMyBooking();
  const t = terms.data?.cancellation;
  const confirm = async () => {
    if (!booking || !t) return;
    try {
      const { cancellation } = await cancel.mutateAsync({ id: booking.id, acceptFeeUsd: t.feeUsd });
      notifySuccess("Booking Cancelled", cancellation.free ? "No cancellation fee applies." : `A cancellation fee of ${formatMoney(cancellation.feeUsd)} was recorded.`);
      onClose();
    } catch (err) {
      notifyError("Could not cancel", err);
      void terms.refetch();
    }
  };
  return (
    <ItemDialog item={booking} onClose={onClose} title="Cancel Booking" description="Please review the terms before you confirm.">
      {(booking) =>
        terms.isPending ? (
          <LoadingBlock className="py-10" />
        ) : terms.isError || !t ? (
          <p className="text-sm text-danger">{terms.error?.message ?? "Something went wrong"}</p>
        ) : (
          <div className="space-y-6">
            <div data-testid="cancellation-terms" className={t.free ? "rounded-lg border border-success/40 bg-success/5 p-5" : "rounded-lg border border-danger/40 bg-danger/5 p-5"}>
              {t.free ? (
                <>
                  <p className="font-display text-2xl text-foreground">Free cancellation</p>
                  <p className="mt-1.5 text-sm text-muted">You are cancelling more than {t.cutoffHours} hours before pickup: no fee applies.</p>
                </>
              ) : (
                <>
                  <p className="font-display text-2xl text-foreground">Cancellation fee: {formatMoney(t.feeUsd)}</p>
                  <p className="mt-1.5 text-sm text-muted">
                    Pickup is less than {t.cutoffHours} hours away, so {t.feePercent}% of the fare ({formatMoney(booking.price ?? 0)}) is charged.
                  </p>
                </>
              )}
            </div>
            <div className="flex justify-end gap-3">
              <Button variant="ghost" onClick={onClose}>
                Keep Booking
              </Button>
              <Button variant="gold" disabled={cancel.isPending} onClick={confirm}>
                {t.free ? "Cancel Booking" : `Cancel and pay ${formatMoney(t.feeUsd)}`}
              </Button>
            </div>
          </div>
        )
      }
    </ItemDialog>
  );
}

export function RescheduleDialog({ booking, onClose }: { booking: MyBooking | null; onClose: () => void }) {
  return (
    <ItemDialog item={booking} onClose={onClose} title="Reschedule Ride" description="Choose a new date and time; we re-quote the same ride.">
      {(booking) => <RescheduleForm booking={booking} onDone={onClose} />}
    </ItemDialog>
  );
}

function RescheduleForm({ booking, onDone }: { booking: MyBooking; onDone: () => void }) {
  const d = booking.details.service === "ride" ? booking.details : null;
  const [date, setDate] = useState(d?.date ?? booking.bookingDate);
  const [time, setTime] = useState(d?.time ?? "12:00");
  const [quote, setQuote] = useState<QuoteResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const reschedule = useRescheduleMyBooking();
  const changed = quote !== null && Math.round(quote.quote.totalUsd * 100) !== Math.round((booking.price ?? 0) * 100);

  const check = async () => {
    setError(null);
    setQuote(null);
    if (!d) return setError("This booking cannot be re-quoted. Please cancel and book again.");
    setChecking(true);
    try {
      setQuote(await getQuote({ pickupPlaceId: d.pickup.placeId, dropoffPlaceId: d.dropoff.placeId, vehicleTypeId: d.vehicleTypeId, passengers: d.passengers, luggage: d.luggage, date, time }));
    } catch (err) {
      setError(err instanceof ApiError ? (Object.values(err.fields ?? {})[0] ?? err.message) : "Something went wrong");
    } finally {
      setChecking(false);
    }
  };
  const confirm = async () => {
    if (!quote) return;
    try {
      await reschedule.mutateAsync({ id: booking.id, input: { date, time, quoteId: quote.quoteId, ...(changed ? { acceptNewPrice: true } : {}) } });
      notifySuccess("Ride Rescheduled", `Your ride is now on ${dayLabel(date)} at ${formatTime(time)}.`);
      onDone();
    } catch (err) {
      notifyError("Could not reschedule", err);
    }
  };
  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="New date" htmlFor="reschedule-date">
          <Input id="reschedule-date" type="date" value={date} className="[color-scheme:dark]" onChange={(e) => (setDate(e.target.value), setQuote(null))} />
        </Field>
        <Field label="New time" htmlFor="reschedule-time">
          <Input id="reschedule-time" type="time" value={time} className="[color-scheme:dark]" onChange={(e) => (setTime(e.target.value), setQuote(null))} />
        </Field>
      </div>
      {error ? <p role="alert" className="text-sm text-danger">{error}</p> : null}
      {quote ? (
        <div className={changed ? "rounded-lg border border-gold/50 bg-gold/5 p-4 text-sm" : "rounded-lg border border-border p-4 text-sm"}>
          {changed ? (
            <p>
              The price for the new time is <span className="font-medium text-gold">{formatMoney(quote.quote.totalUsd)}</span> (you booked at {formatMoney(booking.price ?? 0)}). Confirm to accept the new price.
            </p>
          ) : (
            <p>The price stays {formatMoney(quote.quote.totalUsd)}.</p>
          )}
        </div>
      ) : null}
      <div className="flex justify-end gap-3">
        <Button variant="ghost" onClick={onDone}>
          Keep Current Time
        </Button>
        {quote ? (
          <Button disabled={reschedule.isPending} onClick={confirm}>
            {changed ? `Accept ${formatMoney(quote.quote.totalUsd)} and Reschedule` : "Reschedule"}
          </Button>
        ) : (
          <Button variant="outline" disabled={checking} onClick={check}>
            {checking ? "Checking…" : "Check Price"}
          </Button>
        )}
      </div>
    </div>
  );
}
