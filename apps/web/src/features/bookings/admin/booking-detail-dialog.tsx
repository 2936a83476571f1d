import { ROLE_LABELS, type Role } from "@meridian/shared/roles";
import { bookingStatusLabels, type BookingStatus } from "@meridian/shared/booking-status";
import { formatDuration } from "@meridian/shared/valet";
import { formatClock, formatClockRange } from "@meridian/shared/valet-pricing";
import { useState } from "react";
import { Input } from "@/components/ui/input";
import { useAuth } from "@/lib/auth/auth-context";
import { useCancelBooking } from "./api/cancel-booking";
import { ArrowRight, MapPin } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { LoadingBlock } from "@/components/ui/spinner";
import { notifyError, notifySuccess } from "@/lib/notify";
import { formatMoney } from "@meridian/shared/money";
import { formatDate } from "@/lib/utils";
import { useChangeBookingStatus } from "./api/change-booking-status";
import { useBooking } from "./api/get-booking";
import { DetailRow, formatDateTime, StatusBadge } from "@/components/admin/admin-ui";
import { BookingPaymentSection } from "./booking-payment-section";
import { readRideDetails } from "./booking-details";
import { formatPhone } from "@meridian/shared/phone";

const actionLabel: Record<BookingStatus, string> = {
  pending: "Mark Pending",
  confirmed: "Confirm",
  in_progress: "Start Service",
  en_route: "En Route",
  on_location: "On Location",
  on_board: "Passenger On Board",
  completed: "Complete",
  cancelled: "Cancel Booking",
  no_show: "No-Show",
  expired: "Close as Expired",
  refunded: "Refund",
};

const roleLabel = (role: string) => (role in ROLE_LABELS ? ROLE_LABELS[role as Role] : role === "system" ? "Meridian" : role);

export function BookingDetailDialog({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { data, isPending, isError, error } = useBooking(id);
  const change = useChangeBookingStatus();
  const cancel = useCancelBooking();
  const { isAdmin } = useAuth();
  const [reason, setReason] = useState<string | null>(null);
  const b = data?.booking;
  const ride = b ? readRideDetails(b.details) : null;

  const { confirm, dialog } = useConfirm();
  const setStatus = async (status: BookingStatus) => {
    if (!b) return;
    // Completing or a no-show settles the card (the fare or the no-show fee is captured and the receipt sent).
    const settles = status === "completed" || status === "no_show";
    if (
      settles &&
      !(await confirm({
        title: status === "completed" ? "Complete this booking?" : "Mark a no-show?",
        description:
          status === "completed"
            ? `The customer's card is charged ${b.price != null ? formatMoney(b.price) : "the fare"} now and the receipt is e-mailed. This cannot be undone; a refund is the way back.`
            : "The customer's card is charged the no-show fee now and they are told. This cannot be undone; a refund is the way back.",
        confirmLabel: status === "completed" ? "Complete & Charge" : "Mark No-Show",
      }))
    )
      return;
    try {
      await change.mutateAsync({ id: b.id, status });
      notifySuccess("Status Updated", `Booking is now ${bookingStatusLabels[status]}.`);
    } catch (err) {
      notifyError("Update Failed", err);
    }
  };

  const cancelWithReason = async () => {
    if (!b || reason === null) return;
    try {
      await cancel.mutateAsync({ id: b.id, reason });
      notifySuccess("Booking Cancelled", "The customer sees the cancellation on their dashboard.");
      setReason(null);
    } catch (err) {
      notifyError("Cancel Failed", err);
    }
  };

  return (
    <Dialog open={Boolean(id)} onOpenChange={(open) => !open && onClose()}>
      {id ? (
        <DialogContent title="Booking Details" description={b ? `Booked ${formatDateTime(b.createdAt)}` : undefined} className="max-w-2xl">
          {isPending ? (
            <LoadingBlock className="py-16" />
          ) : isError ? (
            <p className="py-8 text-sm text-danger">{error.message}</p>
          ) : b && ride ? (
            <div className="space-y-7">
              <div className="flex flex-wrap items-center justify-between gap-3">
                <div className="flex items-center gap-3">
                  <StatusBadge status={b.status} />
                  <span className="text-sm capitalize text-muted">{b.service} service</span>
                </div>
                <span className="font-display text-3xl text-gold">{b.price != null ? formatMoney(b.price) : "—"}</span>
              </div>

              {ride.pickup || ride.dropoff ? (
                <div className="rounded-xl border border-border bg-surface-2/60 p-5">
                  <div className="grid gap-4 sm:grid-cols-[1fr_auto_1fr] sm:items-center">
                    <PlaceBlock label="Pickup" place={ride.pickup} />
                    <ArrowRight className="hidden size-4 text-gold/70 sm:block" aria-hidden />
                    <PlaceBlock label="Dropoff" place={ride.dropoff} />
                  </div>
                </div>
              ) : null}

              <section>
                <h3 className="mb-2 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">Customer</h3>
                <dl>
                  <DetailRow label="Name">{b.customerName ?? "N/A"}</DetailRow>
                  <DetailRow label="Email">{b.customerEmail ?? "N/A"}</DetailRow>
                  <DetailRow label="Phone">{b.customerPhone ? formatPhone(b.customerPhone) : "N/A"}</DetailRow>
                </dl>
              </section>

              {ride.event ? (
                <div className="rounded-xl border border-border bg-surface-2/60 p-5">
                  <PlaceBlock label="Event address" place={ride.event.address} />
                </div>
              ) : null}

              <section>
                <h3 className="mb-2 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">{ride.event ? "Event" : "Ride"}</h3>
                <dl>
                  {ride.event ? (
                    <>
                      <DetailRow label="Event">{ride.event.label ?? "—"}</DetailRow>
                      {ride.event.guest ? <DetailRow label="Name on booking">{ride.event.guest}</DetailRow> : null}
                      <DetailRow label="Date">
                        {formatDate(b.bookingDate)}
                        {ride.event.startTime && ride.event.endTime ? ` · ${formatClockRange(ride.event.startTime, ride.event.endTime)}` : ""}
                      </DetailRow>
                      {ride.event.durationMinutes != null ? <DetailRow label="Duration">{formatDuration(ride.event.durationMinutes)}</DetailRow> : null}
                      {ride.event.vehicles != null ? (
                        <DetailRow label="Expected vehicles">
                          {ride.event.vehicles}
                          {ride.event.vehiclesEstimated ? " (default estimate)" : ""}
                        </DetailRow>
                      ) : null}
                      {ride.event.attendants != null ? <DetailRow label="Attendants">{ride.event.attendants}</DetailRow> : null}
                      {ride.event.notes ? <DetailRow label="Instructions">{ride.event.notes}</DetailRow> : null}
                    </>
                  ) : (
                    <>
                      <DetailRow label="Date">
                        {formatDate(b.bookingDate)}
                        {ride.time ? ` · ${formatClock(ride.time)}` : ""}
                      </DetailRow>
                      <DetailRow label="Vehicle">{b.vehicleName ?? ride.vehicleName ?? "—"}</DetailRow>
                      {ride.passengers != null ? <DetailRow label="Passengers">{ride.passengers}</DetailRow> : null}
                      {ride.luggage != null ? <DetailRow label="Luggage">{ride.luggage}</DetailRow> : null}
                      {ride.miles != null ? <DetailRow label="Distance">{ride.miles.toFixed(1)} mi</DetailRow> : null}
                      {ride.minutes != null ? <DetailRow label="Duration">{Math.round(ride.minutes)} min</DetailRow> : null}
                    </>
                  )}
                  {b.paymentRef ? <DetailRow label="Payment ref">{b.paymentRef}</DetailRow> : null}
                </dl>
              </section>

              {ride.lines.length ? (
                <section>
                  <h3 className="mb-2 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">Quote</h3>
                  <dl>
                    {ride.lines.map((l, i) => (
                      <DetailRow key={i} label={l.label}>
                        {formatMoney(l.amountUsd)}
                      </DetailRow>
                    ))}
                    {ride.totalUsd != null ? (
                      <DetailRow label="Total">
                        <span className="font-medium text-gold">{formatMoney(ride.totalUsd)}</span>
                      </DetailRow>
                    ) : null}
                  </dl>
                </section>
              ) : null}

              <section>
                <h3 className="mb-2 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">Ticket</h3>
                {b.tickets.length ? (
                  <dl>
                    {b.tickets.map((t) => (
                      <DetailRow key={t.id} label={t.ticketCode}>
                        <span className="inline-flex items-center gap-2">
                          {t.plate ? <span className="text-muted">{t.plate}</span> : null}
                          <StatusBadge status={t.status} />
                        </span>
                      </DetailRow>
                    ))}
                  </dl>
                ) : (
                  <p className="text-sm text-muted">No ticket issued.</p>
                )}
              </section>

              {b.assignment || b.cancellation ? (
                <section>
                  <h3 className="mb-2 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">{b.cancellation ? "Cancellation" : "Assignment"}</h3>
                  <dl>
                    {b.assignment ? <DetailRow label="Chauffeur">{b.assignment.chauffeurName ?? "—"}</DetailRow> : null}
                    {b.assignment ? <DetailRow label="Vehicle">{b.assignment.vehicleName ?? "—"}</DetailRow> : null}
                    {b.assignment?.car ? (
                      <DetailRow label="Car">
                        <span data-testid="booking-car">
                          {b.assignment.car.colour} {b.assignment.car.model} · <span className="font-semibold tracking-wider text-gold">{b.assignment.car.plate}</span>
                        </span>
                      </DetailRow>
                    ) : null}
                    {b.cancellation ? (
                      <>
                        <DetailRow label="Cancelled">{`${formatDateTime(b.cancellation.at)} by ${b.cancellation.by === "admin" ? "Meridian" : "the customer"}`}</DetailRow>
                        {b.cancellation.reason ? <DetailRow label="Reason">{b.cancellation.reason}</DetailRow> : null}
                        <DetailRow label="Cancellation fee">{formatMoney(b.cancellation.feeUsd ?? 0)}</DetailRow>
                      </>
                    ) : null}
                  </dl>
                </section>
              ) : null}

              {isAdmin ? <BookingPaymentSection bookingId={b.id} bookingStatus={b.status} /> : null}

              <section>
                <h3 className="mb-3 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">Timeline</h3>
                {b.timeline.length ? (
                  <ol aria-label="Timeline" className="relative space-y-3 border-l border-gold/30 pl-5">
                    {b.timeline.map((e) => (
                      <li key={e.id} className="relative text-sm">
                        <span className="absolute -left-[25px] top-1.5 size-2.5 rounded-full border border-gold bg-background" aria-hidden />
                        <p className="text-foreground">
                          {e.from === e.to ? bookingStatusLabels[e.to as BookingStatus] ?? e.to : `${e.from ? `${bookingStatusLabels[e.from as BookingStatus] ?? e.from} → ` : ""}${bookingStatusLabels[e.to as BookingStatus] ?? e.to}`}
                          {e.note ? <span className="text-muted"> · {e.note}</span> : null}
                        </p>
                        <p className="text-xs text-muted">
                          {e.actorName ?? "Someone"} ({roleLabel(e.actorRole)}) · <time dateTime={e.at}>{formatDateTime(e.at)}</time>
                        </p>
                      </li>
                    ))}
                  </ol>
                ) : (
                  <p className="text-sm text-muted">No changes recorded yet.</p>
                )}
              </section>

              {isAdmin ? (
                <section className="border-t border-border pt-5">
                  <h3 className="mb-3 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">Change status</h3>
                  {reason !== null ? (
                    <div className="space-y-3">
                      <label htmlFor="cancel-reason" className="block text-xs uppercase tracking-[0.14em] text-muted">
                        Reason for cancelling
                      </label>
                      <Input id="cancel-reason" value={reason} autoFocus aria-describedby="cancel-consequence" onChange={(e) => setReason(e.target.value)} placeholder="Vehicle breakdown, customer called…" />
                      <p id="cancel-consequence" className="text-xs text-muted">
                        The customer is told at once and is not charged (any hold on their card is released). This cannot be undone.
                      </p>
                      <div className="flex gap-2.5">
                        <Button size="sm" variant="gold" disabled={cancel.isPending || reason.trim().length < 3} onClick={cancelWithReason}>
                          Confirm Cancellation
                        </Button>
                        <Button size="sm" variant="ghost" onClick={() => setReason(null)}>
                          Keep Booking
                        </Button>
                      </div>
                    </div>
                  ) : b.nextStatuses.length ? (
                    <div className="flex flex-wrap gap-2.5">
                      {(b.nextStatuses as BookingStatus[]).map((s) => (
                        <Button
                          key={s}
                          size="sm"
                          variant={s === "cancelled" || s === "refunded" || s === "no_show" || s === "expired" ? "subtle" : "gold"}
                          disabled={change.isPending}
                          onClick={() => (s === "cancelled" ? setReason("") : setStatus(s))}
                        >
                          {actionLabel[s]}
                        </Button>
                      ))}
                    </div>
                  ) : (
                    <p className="text-sm text-muted">{bookingStatusLabels[b.status as BookingStatus] ?? b.status} is a final status.</p>
                  )}
                  {b.service === "ride" && b.status === "pending" ? <p className="mt-3 text-xs text-muted">A ride is confirmed by assigning a chauffeur on the Dispatch Board.</p> : null}
                </section>
              ) : null}
            </div>
          ) : null}
          {dialog}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function PlaceBlock({ label, place }: { label: string; place?: { name: string; address?: string } }) {
  return (
    <div className="flex min-w-0 gap-3">
      <MapPin className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden />
      <div className="min-w-0">
        <p className="text-[0.68rem] uppercase tracking-[0.2em] text-muted">{label}</p>
        <p className="mt-1 text-sm text-foreground">{place?.name ?? "—"}</p>
        {place?.address ? <p className="text-xs text-muted">{place.address}</p> : null}
      </div>
    </div>
  );
}
