import type { AdminTicketRow } from "@meridian/shared/admin";
import { nextTicketStatuses, ticketStatusLabels, type TicketStatus } from "@meridian/shared/booking-status";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/label";
import { ApiError } from "@/lib/api";
import { notifyError, notifySuccess } from "@/lib/notify";
import { formatDate } from "@/lib/utils";
import { useUpdateTicket } from "../api/update-ticket";
import { DetailRow, formatDateTime, StatusBadge } from "@/components/admin/admin-ui";
import { ValetTicketSection } from "./valet-ticket-section";

export function TicketDetailDialog({ ticket, onClose }: { ticket: AdminTicketRow | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(ticket)} onOpenChange={(open) => !open && onClose()}>
      {ticket ? (
        <DialogContent title={`Ticket ${ticket.ticketCode}`} description={`Issued ${formatDateTime(ticket.createdAt)}`}>
          <div className="space-y-7">
            {ticket.valetStatus ? <ValetTicketSection key={ticket.id} row={ticket} /> : <TicketBody key={ticket.id} ticket={ticket} />}
            <div className="flex justify-end">
              <Button variant="ghost" onClick={onClose}>
                Close
              </Button>
            </div>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function TicketBody({ ticket }: { ticket: AdminTicketRow }) {
  const [current, setCurrent] = useState(ticket);
  const [plate, setPlate] = useState(ticket.plate ?? "");
  const [keyTag, setKeyTag] = useState(ticket.keyTag ?? "");
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const update = useUpdateTicket();
  const dirty = plate.trim() !== (current.plate ?? "") || keyTag.trim() !== (current.keyTag ?? "");

  const save = async (input: { plate?: string; keyTag?: string; status?: TicketStatus }, success: string) => {
    try {
      const { ticket: saved } = await update.mutateAsync({ id: current.id, input });
      setCurrent(saved);
      setPlate(saved.plate ?? "");
      setKeyTag(saved.keyTag ?? "");
      setFieldErrors({});
      notifySuccess(success, `Ticket ${saved.ticketCode} is ${ticketStatusLabels[saved.status as TicketStatus] ?? saved.status}.`);
    } catch (err) {
      if (err instanceof ApiError && err.fields) setFieldErrors(err.fields);
      notifyError("Update Failed", err);
    }
  };

  return (
    <div className="space-y-7">
      <dl>
        <DetailRow label="Status">
          <StatusBadge status={current.status} />
        </DetailRow>
        <DetailRow label="Customer">{current.customerName ?? (current.bookingId ? "—" : "Walk-up guest")}</DetailRow>
        <DetailRow label="Phone">{current.customerPhone ?? "—"}</DetailRow>
        <DetailRow label="Service">{current.service ? <span className="capitalize">{current.service}</span> : "N/A"}</DetailRow>
        <DetailRow label="Booking date">
          {current.bookingDate ? formatDate(current.bookingDate) : "N/A"}
          {current.time ? ` · ${current.time}` : ""}
        </DetailRow>
        {current.event ? <DetailRow label="Event">{current.event}</DetailRow> : null}
        {current.location ? <DetailRow label={current.service === "valet" ? "Address" : "Route"}>{current.location}</DetailRow> : null}
      </dl>

      <form
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          void save({ plate, keyTag }, "Ticket Updated");
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Plate" htmlFor="ticket-plate" error={fieldErrors.plate}>
            <Input id="ticket-plate" value={plate} maxLength={32} onChange={(e) => setPlate(e.target.value.toUpperCase())} placeholder="e.g. 7ABC123" />
          </Field>
          <Field label="Key tag" htmlFor="ticket-keytag" error={fieldErrors.keyTag}>
            <Input id="ticket-keytag" value={keyTag} maxLength={32} onChange={(e) => setKeyTag(e.target.value)} placeholder="e.g. K-042" />
          </Field>
        </div>
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={!dirty || update.isPending}>
            Save Details
          </Button>
        </div>
      </form>

      <section className="border-t border-border pt-5">
        <h3 className="mb-3 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">Change status</h3>
        {nextTicketStatuses(current.status).length ? (
          <div className="flex flex-wrap gap-2.5">
            {nextTicketStatuses(current.status).map((s) => (
              <Button key={s} size="sm" variant={s === "void" ? "subtle" : "gold"} disabled={update.isPending} onClick={() => save({ status: s }, "Status Updated")}>
                {s === "released" ? "Release Vehicle" : "Void Ticket"}
              </Button>
            ))}
          </div>
        ) : (
          <p className="text-sm text-muted">{ticketStatusLabels[current.status as TicketStatus] ?? current.status} is a final status.</p>
        )}
      </section>
    </div>
  );
}
