// The success screen: the ticket code up front, the trip in brief, and Close.
import { CheckCircle2 } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { formatDate, formatUsd } from "@/lib/utils";
import type { ConfirmedBooking } from "./ride-form";

/** "18:30" -> "6:30 PM". */
function formatTime(hhmm: string) {
  const [h = 0, m = 0] = hhmm.split(":").map(Number);
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

export function BookingConfirmed({ booking, onClose }: { booking: ConfirmedBooking; onClose: () => void }) {
  return (
    <div className="text-center">
      <CheckCircle2 className="mx-auto size-12 text-gold" strokeWidth={1.25} aria-hidden />
      <p className="mt-3 text-sm text-muted">Your chauffeur is reserved. Present this ticket at pickup.</p>

      <div className="mx-auto mt-6 max-w-md rounded-xl border border-gold/45 bg-gradient-to-b from-gold/[0.1] to-transparent px-6 py-5">
        <p className="text-[11px] font-medium uppercase tracking-[0.22em] text-gold">Ticket</p>
        <p data-testid="ticket-code" className="mt-1.5 whitespace-nowrap font-mono text-2xl font-semibold tracking-[0.08em] text-gold-bright sm:text-3xl">
          {booking.ticket.ticketCode}
        </p>
      </div>

      <dl className="mx-auto mt-6 grid max-w-sm grid-cols-[auto_1fr] gap-x-6 gap-y-2 text-left text-sm">
        <dt className="text-muted">From</dt>
        <dd className="truncate text-foreground/90">{booking.pickup.name}</dd>
        <dt className="text-muted">To</dt>
        <dd className="truncate text-foreground/90">{booking.dropoff.name}</dd>
        <dt className="text-muted">When</dt>
        <dd className="text-foreground/90">
          {formatDate(booking.date)} at {formatTime(booking.time)}
        </dd>
        <dt className="text-muted">Vehicle</dt>
        <dd className="text-foreground/90">{booking.vehicleName}</dd>
        <dt className="text-muted">Total</dt>
        <dd className="font-medium text-gold-bright">{formatUsd(booking.booking.price ?? booking.totalUsd)}</dd>
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
