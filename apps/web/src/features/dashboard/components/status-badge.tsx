import { Badge } from "@/components/ui/badge";
import { bookingStatusTone, statusLabel, ticketStatusTone } from "./booking-display";

export function BookingStatusBadge({ status }: { status: string }) {
  return <Badge tone={bookingStatusTone(status)}>{statusLabel(status)}</Badge>;
}

export function TicketStatusBadge({ status }: { status: string }) {
  return <Badge tone={ticketStatusTone(status)}>{statusLabel(status)}</Badge>;
}
