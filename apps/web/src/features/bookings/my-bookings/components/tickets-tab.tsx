import { Ticket } from "lucide-react";
import { formatDate } from "@/lib/utils";
import { useMyTickets } from "../api/get-my-tickets";
import { serviceName } from "./booking-display";
import { TicketStatusBadge } from "./status-badge";
import { TabList } from "./tab-list";

export function TicketsTab() {
  const tickets = useMyTickets();

  return (
    <TabList
      query={tickets}
      noun="tickets"
      listClassName="grid gap-3 sm:grid-cols-2"
      loading={<div className="h-40 animate-pulse rounded-[var(--radius-card)] border border-border bg-surface" aria-busy="true" />}
      empty={{ icon: <Ticket />, title: "No Active Tickets", text: "Your valet and chauffeur tickets will appear here as soon as you book." }}
    >
      {(rows) =>
        rows.map((t) => (
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
        ))
      }
    </TabList>
  );
}
