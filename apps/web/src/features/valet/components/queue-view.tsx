// The attendants' live queue: cars guests are waiting for, oldest request first (SSE keeps it current).
import type { ValetStatus, ValetTicket } from "@meridian/shared/valet-ticket";
import { Spinner } from "@/components/ui/spinner";
import { useLiveQueue } from "../api/get-queue";
import { TicketCard } from "./ticket-card";

const NEXT: Partial<Record<ValetStatus, ValetStatus>> = { requested: "retrieving", retrieving: "ready", ready: "delivered" };

export function QueueView() {
  const { data, isPending, isError } = useLiveQueue();
  if (isPending) return <Centered><Spinner /></Centered>;
  if (isError) return <Centered>Could not load the queue. It will refresh when the connection is back.</Centered>;
  return <TicketList tickets={data.queue} empty="No cars requested. New requests appear here by themselves." next={(t) => NEXT[t.status]} label="Requested cars" />;
}

export function TicketList({ tickets, empty, next, label }: { tickets: ValetTicket[]; empty: string; next: (t: ValetTicket) => ValetStatus | undefined; label: string }) {
  if (!tickets.length) return <Centered>{empty}</Centered>;
  return (
    <ul aria-label={label} className="space-y-3">
      {tickets.map((t) => (
        <TicketCard key={t.id} ticket={t} primary={next(t)} />
      ))}
    </ul>
  );
}

export function Centered({ children }: { children: React.ReactNode }) {
  return <div className="grid min-h-40 place-items-center rounded-2xl border border-dashed border-border px-6 py-10 text-center text-sm text-muted">{children}</div>;
}
