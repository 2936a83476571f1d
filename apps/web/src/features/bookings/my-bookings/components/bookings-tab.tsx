import { CalendarDays, ChevronRight } from "lucide-react";
import { useFeature } from "@/lib/public-settings";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { LiveRegion } from "@/components/ui/live-region";
import { formatMoney } from "@meridian/shared/money";
import { cn, formatDate } from "@/lib/utils";
import { Link } from "react-router";
import type { PaymentStatusTone } from "@meridian/shared/payment-status";
import { useMyBookings, type MyBooking } from "../api/get-my-bookings";
import { useMyReceipts, type Receipt } from "../api/get-my-receipts";
import { rideStatusSentences, type RideStatus } from "@meridian/shared/booking-status";
import { carLabel } from "@meridian/shared/fleet-units";
import { BookingDetailsDialog } from "./booking-details-dialog";
import { CancelBookingDialog, canChange, RescheduleDialog } from "./ride-actions";
import { FlightStatus } from "@/components/ui/flight-status";
import { formatTime, readBookingDetails, serviceName, serviceTagline } from "./booking-display";
import { ServiceSummary } from "./service-summary";
import { ListSkeleton, TabList } from "./tab-list";
import { TipDialog, tipTargetOf, type TipTarget } from "./tip-dialog";

/** The payment line's colour: a payment needed reads as a warning, a hold or payment in gold, the rest muted. */
const PAYMENT_TONE: Record<PaymentStatusTone, string> = { needed: "text-danger font-medium", held: "text-gold", paid: "text-gold", neutral: "text-muted" };

export function BookingsTab() {
  const bookings = useMyBookings();
  const [selected, setSelected] = useState<MyBooking | null>(null);
  const [cancelling, setCancelling] = useState<MyBooking | null>(null);
  const [rescheduling, setRescheduling] = useState<MyBooking | null>(null);
  const [tipping, setTipping] = useState<TipTarget | null>(null);
  // A completed service paid by card can take a tip: its receipt says so.
  const receipts = useMyReceipts();

  return (
    <>
      <TabList query={bookings} noun="bookings" listClassName="space-y-3" loading={<ListSkeleton label="Loading bookings" rows={3} className="h-[104px]" />} empty={{ icon: <CalendarDays />, title: "No bookings yet", text: "You have no past bookings." }}>
        {(rows) =>
          rows.map((b) => (
            <BookingRow
              key={b.id}
              booking={b}
              receipt={receipts.data?.find((r) => r.bookingId === b.id)}
              onView={() => setSelected(b)}
              onCancel={() => setCancelling(b)}
              onReschedule={() => setRescheduling(b)}
              onTip={(r) => setTipping(tipTargetOf(r))}
            />
          ))
        }
      </TabList>
      <BookingDetailsDialog booking={selected} onClose={() => setSelected(null)} />
      <CancelBookingDialog booking={cancelling} onClose={() => setCancelling(null)} />
      <RescheduleDialog booking={rescheduling} onClose={() => setRescheduling(null)} />
      <TipDialog target={tipping} onClose={() => setTipping(null)} />
    </>
  );
}

function BookingRow({
  booking,
  receipt,
  onView,
  onCancel,
  onReschedule,
  onTip,
}: {
  booking: MyBooking;
  receipt: Receipt | undefined;
  onView: () => void;
  onCancel: () => void;
  onReschedule: () => void;
  onTip: (r: Receipt) => void;
}) {
  const rescheduleOn = useFeature("customerReschedule");
  const tipsOn = useFeature("tips");
  const sentence = booking.service === "ride" ? rideStatusSentences[booking.status as RideStatus] : undefined;
  const view = readBookingDetails(booking.details);
  const route =
    view.pickup && view.dropoff ? `${view.pickup.name} → ${view.dropoff.name}` : (view.address?.name ?? serviceTagline(booking.service));
  const time = formatTime(view.time);
  return (
    <li className="group flex flex-col gap-4 rounded-[var(--radius-card)] border border-border bg-surface p-5 transition-colors hover:border-gold/40 sm:flex-row sm:items-center sm:gap-6">
      <ServiceSummary service={booking.service} title={serviceName(booking.service)} status={booking.status} line={route} className="flex-1">
        <p className="mt-1 flex items-center gap-1.5 text-xs uppercase tracking-[0.12em] text-muted">
          <CalendarDays aria-hidden className="size-3.5" />
          {formatDate(booking.bookingDate)}
          {time ? ` · ${time}` : ""}
        </p>
        {view.flight && view.time ? <FlightStatus flight={view.flight} pickupTime={view.time} className="mt-1.5" /> : null}
        {/* The ride's progress is said once per change (the list re-renders on every realtime event). */}
        {booking.service === "ride" ? (
          <LiveRegion
            message={sentence ? `${sentence}${booking.chauffeurFirstName ? ` Chauffeur: ${booking.chauffeurFirstName}${booking.car ? ` · ${carLabel(booking.car)}` : booking.vehicleName ? ` · ${booking.vehicleName}` : ""}` : ""}` : ""}
            data-testid="ride-announcement"
          />
        ) : null}
        {sentence ? (
          <p className="mt-2 text-sm text-foreground/90" data-testid="ride-progress">
            {sentence}
            {booking.chauffeurFirstName ? (
              <span className="text-gold">
                {" "}
                Chauffeur: {booking.chauffeurFirstName}
                {booking.car ? (
                  <span data-testid="ride-car">
                    {" "}
                    · {booking.car.colour} {booking.car.model} · <span className="font-semibold tracking-wider">{booking.car.plate}</span>
                  </span>
                ) : booking.vehicleName ? (
                  ` · ${booking.vehicleName}`
                ) : (
                  ""
                )}
              </span>
            ) : null}
          </p>
        ) : null}
        <p className={cn("mt-1 text-xs", PAYMENT_TONE[booking.payment.tone])} data-testid="booking-payment">
          {booking.payment.label}
          {booking.payment.tone === "needed" ? (
            <>
              {" · "}
              <Link to={`/bookings/${booking.id}/payment`} className="text-gold underline underline-offset-4">
                Confirm your payment
              </Link>
            </>
          ) : null}
        </p>
        {booking.status === "cancelled" && booking.cancellationFee != null ? (
          <p className="mt-1 text-xs text-muted" data-testid="cancellation-fee">
            {booking.cancellationFee > 0 ? `Cancellation fee: ${formatMoney(booking.cancellationFee)}` : "Cancelled free of charge"}
          </p>
        ) : null}
      </ServiceSummary>
      <div className="flex items-center justify-between gap-4 border-t border-border pt-4 sm:border-0 sm:pt-0">
        <p className="font-display text-2xl text-gold">{booking.price != null ? formatMoney(booking.price) : "—"}</p>
        <div className="flex flex-wrap justify-end gap-2">
          {canChange(booking) ? (
            <>
              {booking.service === "ride" && rescheduleOn ? (
                <Button variant="ghost" size="sm" onClick={onReschedule}>
                  Reschedule
                </Button>
              ) : null}
              <Button variant="ghost" size="sm" onClick={onCancel}>
                Cancel
              </Button>
            </>
          ) : null}
          {receipt?.canTip && tipsOn ? (
            <Button variant="ghost" size="sm" onClick={() => onTip(receipt)}>
              Add Tip
            </Button>
          ) : null}
          <Button variant="outline" size="sm" onClick={onView}>
            View Details <ChevronRight aria-hidden />
          </Button>
        </div>
      </div>
    </li>
  );
}
