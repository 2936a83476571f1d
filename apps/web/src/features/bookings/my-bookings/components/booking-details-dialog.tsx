import type { ReactNode } from "react";
import { ItemDialog } from "@/components/ui/dialog";
import { formatMoney } from "@meridian/shared/money";
import { formatDate } from "@/lib/utils";
import type { MyBooking } from "../api/get-my-bookings";
import { useMyTickets } from "../api/get-my-tickets";
import { FlightStatus } from "@/components/ui/flight-status";
import { formatTime, readBookingDetails, serviceName, serviceTagline, type PlaceLike } from "./booking-display";
import { BookingStatusBadge } from "./status-badge";

export function BookingDetailsDialog({ booking, onClose }: { booking: MyBooking | null; onClose: () => void }) {
  return (
    <ItemDialog
      item={booking}
      onClose={onClose}
      title={(b) => `${serviceName(b.service)} Booking`}
      description={(b) => `${serviceTagline(b.service)} · Reference ${b.id.slice(0, 8).toUpperCase()}`}
    >
      {(booking) => <Details booking={booking} />}
    </ItemDialog>
  );
}

function Details({ booking }: { booking: MyBooking }) {
  const view = readBookingDetails(booking.details);
  const tickets = useMyTickets();
  const ticket = tickets.data?.find((t) => t.bookingId === booking.id);
  const duration =
    view.miles != null || view.minutes != null
      ? [view.miles != null ? `${view.miles.toFixed(1)} mi` : null, view.minutes != null ? `${Math.round(view.minutes)} min` : null]
          .filter(Boolean)
          .join(" · ")
      : undefined;
  const party =
    view.passengers != null || view.luggage != null
      ? [
          view.passengers != null ? `${view.passengers} passenger${view.passengers === 1 ? "" : "s"}` : null,
          view.luggage != null ? `${view.luggage} bag${view.luggage === 1 ? "" : "s"}` : null,
        ]
          .filter(Boolean)
          .join(" · ")
      : undefined;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BookingStatusBadge status={booking.status} />
        {ticket ? (
          <span className="rounded-md border border-gold/40 bg-gold/10 px-3 py-1 font-mono text-sm tracking-[0.18em] text-gold">
            {ticket.ticketCode}
          </span>
        ) : null}
      </div>

      <dl className="divide-y divide-border rounded-lg border border-border bg-surface-2/60">
        <Row label="Date">
          {formatDate(booking.bookingDate)}
          {view.time && booking.service === "ride" ? ` at ${formatTime(view.time)}` : ""}
        </Row>
        {view.pickup ? <Row label="Pickup"><Place place={view.pickup} /></Row> : null}
        {view.flight && view.time ? <Row label="Flight"><FlightStatus flight={view.flight} pickupTime={view.time} /></Row> : null}
        {view.dropoff ? <Row label="Dropoff"><Place place={view.dropoff} /></Row> : null}
        {view.vehicle ? <Row label="Vehicle">{view.vehicle}</Row> : null}
        {party ? <Row label="Party">{party}</Row> : null}
        {duration ? <Row label="Route">{duration}</Row> : null}
        {view.customerName ? <Row label="Guest">{view.customerName}</Row> : null}
        {view.eventType ? <Row label="Event">{view.eventType}</Row> : null}
        {view.address ? <Row label="Address"><Place place={view.address} /></Row> : null}
        {booking.service === "valet" && view.startTime && view.endTime ? (
          <Row label="Hours">
            {formatTime(view.startTime)} – {formatTime(view.endTime)}
          </Row>
        ) : null}
        {view.expectedVehicles != null ? <Row label="Vehicles">{view.expectedVehicles}</Row> : null}
        {view.notes ? <Row label="Notes">{view.notes}</Row> : null}
        <Row label="Booked on">{formatDate(booking.createdAt)}</Row>
      </dl>

      <div>
        {view.lines.length > 0 ? (
          <ul className="space-y-2 text-sm">
            {view.lines.map((line, i) => (
              <li key={i} className="flex justify-between gap-4 text-muted">
                <span>{line.label}</span>
                <span className="tabular-nums text-foreground">{formatMoney(line.amountUsd)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <div className="mt-3 flex items-baseline justify-between border-t border-gold/30 pt-3">
          <span className="text-xs font-medium uppercase tracking-[0.18em] text-muted">Total</span>
          <span className="font-display text-3xl text-gold">
            {booking.price != null ? formatMoney(booking.price) : view.totalUsd != null ? formatMoney(view.totalUsd) : "—"}
          </span>
        </div>
      </div>
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[88px_1fr] gap-3 px-4 py-3 text-sm sm:grid-cols-[110px_1fr]">
      <dt className="text-xs uppercase tracking-[0.14em] text-muted">{label}</dt>
      <dd className="min-w-0 text-foreground">{children}</dd>
    </div>
  );
}

function Place({ place }: { place: PlaceLike }) {
  return (
    <>
      <span className="block">{place.name}</span>
      {place.address ? <span className="block text-xs text-muted">{place.address}</span> : null}
    </>
  );
}
