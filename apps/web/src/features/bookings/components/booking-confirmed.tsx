// The success screen: the ticket code up front, the trip or event in brief, and Close.
import { formatClock, formatClockRange } from "@meridian/shared/valet-pricing";
import { CheckCircle2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import type { Place } from "@/lib/places/types";
import { formatCard, formatMoney } from "@meridian/shared/money";
import { formatDate } from "@/lib/utils";
import type { CreateBookingResponse } from "../api/create-booking";

/** What the 'Booking Confirmed!' screen shows: the server's answer and the booked trip or event in brief. */
export type ConfirmedBooking = CreateBookingResponse &
  (
    | { service: "ride"; vehicleName: string; totalUsd: number; pickup: Place; dropoff: Place; date: string; time: string }
    | { service: "valet"; eventLabel: string; totalUsd: number; place: Place; date: string; startTime: string; endTime: string; attendants: number }
  );

export function BookingConfirmed({ booking, onClose }: { booking: ConfirmedBooking; onClose: () => void }) {
  const rows: [string, ReactNode][] =
    booking.service === "valet"
      ? [
          ["Event", booking.eventLabel],
          ["Where", booking.place.name],
          ["When", `${formatDate(booking.date)}, ${formatClockRange(booking.startTime, booking.endTime)}`],
          ["Team", `${booking.attendants} valet attendant${booking.attendants === 1 ? "" : "s"}`],
        ]
      : [
          ["From", booking.pickup.name],
          ["To", booking.dropoff.name],
          ["When", `${formatDate(booking.date)} at ${formatClock(booking.time)}`],
          ["Vehicle", booking.vehicleName],
        ];
  const card = formatCard({ brand: booking.payment?.cardBrand, last4: booking.payment?.cardLast4 });
  return (
    <div className="text-center">
      <CheckCircle2 className="mx-auto size-12 text-gold" strokeWidth={1.25} aria-hidden />
      <p className="mt-3 text-sm text-muted">
        {booking.service === "valet"
          ? "Your valet team is reserved. Show this ticket to the lead attendant on arrival."
          : "Your chauffeur is reserved. Present this ticket at pickup."}
      </p>

      <div className="mx-auto mt-6 max-w-md rounded-xl border border-gold/45 bg-gradient-to-b from-gold/[0.1] to-transparent px-6 py-5">
        <p className="text-[11px] font-medium uppercase tracking-[0.22em] text-gold">Ticket</p>
        <p data-testid="ticket-code" className="mt-1.5 whitespace-nowrap font-mono text-2xl font-semibold tracking-[0.08em] text-gold-bright sm:text-3xl">
          {booking.ticket.ticketCode}
        </p>
      </div>

      <dl className="mx-auto mt-6 grid max-w-sm grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-left text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted">{label}</dt>
            <dd className="truncate text-foreground/90">{value}</dd>
          </div>
        ))}
        <dt className="text-muted">Total</dt>
        <dd className="font-medium text-gold-bright">{formatMoney(booking.booking.price ?? booking.totalUsd)}</dd>
        {card ? (
          <>
            <dt className="text-muted">Card</dt>
            <dd className="truncate text-foreground/90" data-testid="confirmed-card">
              {card}
              <span className="block text-[11px] text-muted">{booking.payment?.held ? "Authorised now, charged when the service is complete." : "Kept for this booking, authorised two days before."}</span>
            </dd>
          </>
        ) : null}
      </dl>

      <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
        <Button variant="outline" size="lg" asChild>
          <Link to="/dashboard" onClick={onClose}>
            View My Bookings
          </Link>
        </Button>
        {/* The booking button that had focus is gone: focus lands here, inside the new screen. */}
        <Button size="lg" onClick={onClose} autoFocus>
          Close
        </Button>
      </div>
    </div>
  );
}
