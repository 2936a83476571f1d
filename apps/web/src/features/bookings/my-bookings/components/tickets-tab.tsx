import { RotateCw, Ticket } from "lucide-react";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { notifyError } from "@/lib/notify";
import { formatDate } from "@/lib/utils";
import { useMyTickets } from "../api/get-my-tickets";
import { serviceName } from "./booking-display";
import { EmptyState } from "./empty-state";
import { TicketStatusBadge } from "./status-badge";

export function TicketsTab() {
  const tickets = useMyTickets();

  useEffect(() => {
    if (tickets.isError) notifyError("Error fetching tickets", tickets.error);
  }, [tickets.isError, tickets.error]);

  if (tickets.isPending) {
    return <div className="h-40 animate-pulse rounded-[var(--radius-card)] border border-border bg-surface" aria-busy="true" />;
  }
  if (tickets.isError) {
    return (
      <div className="rounded-[var(--radius-card)] border border-danger/40 bg-danger/5 p-6 text-sm">
        <p className="text-foreground">We could not load your tickets just now.</p>
        <Button variant="outline" size="sm" className="mt-4" onClick={() => tickets.refetch()}>
          <RotateCw aria-hidden /> Try again
        </Button>
      </div>
    );
  }
  if (tickets.data.length === 0) {
    return (
      <EmptyState icon={<Ticket />} title="No Active Tickets">
        Your valet and chauffeur tickets will appear here as soon as you book.
      </EmptyState>
    );
  }
  return (
    <ul className="grid gap-3 sm:grid-cols-2" aria-label="Your tickets">
      {tickets.data.map((t) => (
        <li key={t.id} className="relative overflow-hidden rounded-[var(--radius-card)] border border-border bg-surface p-5">
          <div aria-hidden className="absolute inset-y-0 left-0 w-1 bg-gradient-to-b from-gold to-gold-dim" />
          <div className="flex items-start justify-between gap-3">
            <span className="rounded-md border border-gold/40 bg-gold/10 px-3 py-1 font-mono text-base tracking-[0.2em] text-gold">
              {t.ticketCode}
            </span>
            <TicketStatusBadge status={t.status} />
          </div>
          <p className="mt-4 text-sm text-foreground">
            {serviceName(t.service)} · {formatDate(t.bookingDate)}
          </p>
          <p className="mt-1 text-xs uppercase tracking-[0.12em] text-muted">Issued {formatDate(t.createdAt)}</p>
        </li>
      ))}
    </ul>
  );
}
