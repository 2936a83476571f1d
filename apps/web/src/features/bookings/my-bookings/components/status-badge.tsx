import { bookingStatusLabels, type BookingStatus } from "@meridian/shared/booking-status";
import { Badge } from "@/components/ui/badge";
import { bookingStatusTone, statusLabel, ticketStatusTone } from "./booking-display";

export function BookingStatusBadge({ status }: { status: string }) {
  return (
    <Badge tone={bookingStatusTone(status)} data-testid="booking-status">
      {bookingStatusLabels[status as BookingStatus] ?? statusLabel(status)}
    </Badge>
  );
}

export function TicketStatusBadge({ status }: { status: string }) {
  return <Badge tone={ticketStatusTone(status)}>{statusLabel(status)}</Badge>;
}
