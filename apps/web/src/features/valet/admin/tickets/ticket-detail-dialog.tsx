import { zodResolver } from "@hookform/resolvers/zod";
import { adminUpdateTicketSchema, type AdminTicketRow, type AdminUpdateTicketInput } from "@meridian/shared/admin";
import { nextTicketStatuses, ticketStatusLabels, type TicketStatus } from "@meridian/shared/booking-status";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "@/components/form/fields";
import { applyServerFieldErrors, Form } from "@/components/form/form";
import { Button } from "@/components/ui/button";
import { ItemDialog } from "@/components/ui/dialog";
import { notifyError, notifySuccess } from "@/lib/notify";
import { formatDate } from "@/lib/utils";
import { useUpdateTicket } from "../api/update-ticket";
import { DetailRow, formatDateTime, StatusBadge } from "@/components/admin/admin-ui";
import { ValetTicketSection } from "./valet-ticket-section";
import { formatPhone } from "@meridian/shared/phone";

export function TicketDetailDialog({ ticket, onClose }: { ticket: AdminTicketRow | null; onClose: () => void }) {
  return (
    <ItemDialog item={ticket} onClose={onClose} title={(t) => `Ticket ${t.ticketCode}`} description={(t) => `Issued ${formatDateTime(t.createdAt)}`}>
      {(ticket) => (
        <div className="space-y-7">
          {ticket.valetStatus ? <ValetTicketSection key={ticket.id} row={ticket} /> : <TicketBody key={ticket.id} ticket={ticket} />}
          <div className="flex justify-end">
            <Button variant="ghost" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      )}
    </ItemDialog>
  );
}

function TicketBody({ ticket }: { ticket: AdminTicketRow }) {
  const [current, setCurrent] = useState(ticket);
  const form = useForm<AdminUpdateTicketInput, unknown, z.output<typeof adminUpdateTicketSchema>>({
    resolver: zodResolver(adminUpdateTicketSchema),
    defaultValues: { plate: ticket.plate ?? "", keyTag: ticket.keyTag ?? "" },
  });
  const { plate = "", keyTag = "" } = useWatch({ control: form.control });
  const update = useUpdateTicket();
  const dirty = (plate ?? "").trim() !== (current.plate ?? "") || (keyTag ?? "").trim() !== (current.keyTag ?? "");

  const save = async (input: AdminUpdateTicketInput, success: string) => {
    try {
      const { ticket: saved } = await update.mutateAsync({ id: current.id, input });
      setCurrent(saved);
      form.reset({ plate: saved.plate ?? "", keyTag: saved.keyTag ?? "" });
      notifySuccess(success, `Ticket ${saved.ticketCode} is ${ticketStatusLabels[saved.status as TicketStatus] ?? saved.status}.`);
    } catch (err) {
      applyServerFieldErrors(err, form.setError, ["plate", "keyTag"]);
      notifyError("Update Failed", err);
    }
  };
  const onSubmit = form.handleSubmit((details) => save(details, "Ticket Updated"));

  return (
    <div className="space-y-7">
      <dl>
        <DetailRow label="Status">
          <StatusBadge status={current.status} />
        </DetailRow>
        <DetailRow label="Customer">{current.customerName ?? (current.bookingId ? "—" : "Walk-up guest")}</DetailRow>
        <DetailRow label="Phone">{current.customerPhone ? formatPhone(current.customerPhone) : "—"}</DetailRow>
        <DetailRow label="Service">{current.service ? <span className="capitalize">{current.service}</span> : "N/A"}</DetailRow>
        <DetailRow label="Booking date">
          {current.bookingDate ? formatDate(current.bookingDate) : "N/A"}
          {current.time ? ` · ${current.time}` : ""}
        </DetailRow>
        {current.event ? <DetailRow label="Event">{current.event}</DetailRow> : null}
        {current.location ? <DetailRow label={current.service === "valet" ? "Address" : "Route"}>{current.location}</DetailRow> : null}
      </dl>

      <Form form={form} className="space-y-4" onSubmit={(e) => void onSubmit(e)}>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField<AdminUpdateTicketInput> name="plate" label="Plate" id="ticket-plate" maxLength={32} className="uppercase" setValueAs={(v) => v.toUpperCase()} placeholder="e.g. 7ABC123" />
          <TextField<AdminUpdateTicketInput> name="keyTag" label="Key tag" id="ticket-keytag" maxLength={32} placeholder="e.g. K-042" />
        </div>
        <div className="flex justify-end">
          <Button type="submit" size="sm" disabled={!dirty || update.isPending}>
            Save Details
          </Button>
        </div>
      </Form>

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
