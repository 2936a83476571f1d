// The valet part of a ticket's detail: the car and guest, the moves the shared state table allows, the
// timeline (who, when), the condition photos and any incidents, and the linked booking.
import { useQueryClient } from "@tanstack/react-query";
import type { AdminTicketRow } from "@meridian/shared/admin";
import { VALET_ACTION_LABELS, VALET_STATUS_LABELS, type ValetStatus } from "@meridian/shared/valet-ticket";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { notifyError, notifySuccess } from "@/lib/notify";
import { formatDate } from "@/lib/utils";
import { useChangeStatus } from "@/features/valet/api/change-status";
import { Timeline } from "@/features/valet/components/timeline";

import { useTicketValet } from "../api/get-ticket-valet";
import { DetailRow, formatDateTime, StatusBadge } from "@/components/admin/admin-ui";
import { valetKeys } from "@/lib/query-keys";
import { formatPhone } from "@meridian/shared/phone";

const heading = "mb-3 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold";

export function ValetTicketSection({ row }: { row: AdminTicketRow }) {
  const { data, isPending, isError } = useTicketValet(row.id);
  const change = useChangeStatus();
  const qc = useQueryClient();
  if (isPending) return <div className="grid place-items-center py-8"><Spinner /></div>;
  if (isError) return <p className="text-sm text-danger">Could not load the valet history.</p>;
  const { ticket, timeline, incidents } = data;
  const go = async (status: ValetStatus) => {
    try {
      await change.mutateAsync({ id: ticket.id, status });
      void qc.invalidateQueries({ queryKey: valetKeys.tickets() });
      notifySuccess("Status Updated", `Ticket ${ticket.ticketCode} is ${VALET_STATUS_LABELS[status]}.`);
    } catch (err) {
      notifyError("Update Failed", err);
    }
  };
  return (
    <div className="space-y-6">
      <dl>
        <DetailRow label="Valet status">
          <StatusBadge status={ticket.status} />
        </DetailRow>
        <DetailRow label="Car">{`${ticket.colour} ${ticket.make} ${ticket.model} · ${ticket.plate}`}</DetailRow>
        <DetailRow label="Key tag">{ticket.keyTag}</DetailRow>
        <DetailRow label="Stand / stall">{`${ticket.stand}${ticket.stall ? ` · ${ticket.stall}` : ""}`}</DetailRow>
        <DetailRow label="Guest">{[ticket.guestPhone && formatPhone(ticket.guestPhone), ticket.guestEmail].filter(Boolean).join(" · ") || "N/A"}</DetailRow>
        <DetailRow label="Booking">
          {ticket.bookingId ? [row.customerName, row.service, row.bookingDate ? formatDate(row.bookingDate) : null].filter(Boolean).join(" · ") || ticket.bookingId : "Walk-up (no booking)"}
        </DetailRow>
      </dl>
      {ticket.nextStatuses.length ? (
        <div className="flex flex-wrap gap-2.5">
          {ticket.nextStatuses.map((s) => (
            <Button key={s} size="sm" variant={s === "cancelled" ? "subtle" : "gold"} disabled={change.isPending} onClick={() => go(s)}>
              {VALET_ACTION_LABELS[s]}
            </Button>
          ))}
        </div>
      ) : null}
      <section>
        <h3 className={heading}>Timeline</h3>
        <Timeline entries={timeline} />
      </section>
      <section>
        <h3 className={heading}>Photos</h3>
        {ticket.photos.length ? (
          <div className="grid grid-cols-3 gap-2">
            {ticket.photos.map((p) => (
              <a key={p.id} href={p.url} target="_blank" rel="noreferrer" className="block">
                <img src={p.url} alt={`Check-in photo taken ${formatDateTime(p.takenAt)}`} className="aspect-[4/3] w-full rounded-md border border-border object-cover" />
                <span className="mt-1 block text-[0.7rem] text-muted">{formatDateTime(p.takenAt)}</span>
              </a>
            ))}
          </div>
        ) : (
          <p className="text-sm text-muted">No photos.</p>
        )}
      </section>
      {incidents.length ? (
        <section>
          <h3 className={heading}>Incidents</h3>
          <ul className="space-y-3 text-sm">
            {incidents.map((i) => (
              <li key={i.id} className="rounded-md border border-danger/30 p-3">
                <p className="font-medium text-foreground">{i.type}</p>
                {i.notes ? <p className="mt-1 text-foreground/80">{i.notes}</p> : null}
                <p className="mt-1 text-xs text-muted">
                  {i.reportedBy} · {formatDateTime(i.createdAt)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
