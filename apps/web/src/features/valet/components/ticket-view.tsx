// One ticket on the attendant's phone: the car, its photos, every next step the shared state table allows,
// the timeline, and "Report Damage" (an incident with photos).
import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { INCIDENT_TYPES, MAX_PHOTOS_PER_TICKET, VALET_ACTION_LABELS, valetMoveSentence, type ValetStatus } from "@meridian/shared/valet-ticket";
import { Button } from "@/components/ui/button";
import { Input, Textarea } from "@/components/ui/input";
import { Field } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { StatusBadge, formatDateTime } from "@/components/admin/admin-ui";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useChangeStatus } from "../api/change-status";
import { useValetTicket } from "../api/get-valet-ticket";
import { useReportIncident } from "../api/report-incident";
import { useUploadPhotos, type PhotoUpload } from "../api/upload-photos";
import { PhotoPicker } from "./photo-picker";
import { Timeline } from "./timeline";
import { Centered } from "./queue-view";
import { formatPhone } from "@meridian/shared/phone";

export function TicketView() {
  const { id = "" } = useParams();
  const { data, isPending, isError } = useValetTicket(id);
  const change = useChangeStatus();
  const [stall, setStall] = useState("");
  if (isPending) return <Centered><Spinner /></Centered>;
  if (isError) return <Centered>Ticket not found.</Centered>;
  const { ticket, timeline } = data;

  const go = async (status: ValetStatus) => {
    try {
      await change.mutateAsync({ id, status, stall: status === "parked" && stall.trim() ? stall.trim() : undefined });
      notifySuccess("Status Updated", valetMoveSentence(ticket.keyTag, status));
    } catch (err) {
      notifyError("Update Failed", err);
    }
  };

  return (
    <div className="space-y-6">
      <Link to="/staff/valet" className="inline-flex min-h-11 items-center gap-2 text-sm text-muted hover:text-foreground">
        <ArrowLeft className="size-4" /> Back to queue
      </Link>
      <section className="rounded-2xl border border-border bg-surface/80 p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="min-w-0">
            {/* One line (a key tag split at its dash is misread): a size smaller on a phone, beside the status. */}
            <p className="whitespace-nowrap font-mono text-2xl font-semibold tracking-wider sm:text-3xl">{ticket.keyTag}</p>
            <p className="mt-1 text-sm text-muted">{ticket.ticketCode}</p>
          </div>
          <StatusBadge status={ticket.status} />
        </div>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
          <Item label="Car">{`${ticket.colour} ${ticket.make} ${ticket.model}`}</Item>
          <Item label="Plate">{ticket.plate}</Item>
          <Item label="Stand">{ticket.stand}</Item>
          <Item label="Stall">{ticket.stall ?? "—"}</Item>
          <Item label="Guest">{ticket.guestPhone ? formatPhone(ticket.guestPhone) : (ticket.guestEmail ?? "—")}</Item>
          <Item label="Attendant">{ticket.assignedTo ?? "—"}</Item>
        </dl>
      </section>

      {ticket.nextStatuses.length ? (
        <section className="space-y-3" aria-label="Next steps">
          {ticket.nextStatuses.includes("parked") && ["checked_in"].includes(ticket.status) ? (
            <Field label="Stall" htmlFor="tv-stall">
              <Input id="tv-stall" className="h-12 text-base" value={stall} placeholder={ticket.stall ?? "B12"} onChange={(e) => setStall(e.target.value.toUpperCase())} />
            </Field>
          ) : null}
          {ticket.nextStatuses.map((s) => (
            <Button key={s} variant={s === "cancelled" || (s === "parked" && ticket.status !== "checked_in") ? "subtle" : "gold"} className="h-14 w-full text-base" disabled={change.isPending} onClick={() => go(s)}>
              {s === "parked" && ticket.status !== "checked_in" ? "Re-park" : VALET_ACTION_LABELS[s]}
            </Button>
          ))}
        </section>
      ) : null}

      <Photos ticketId={ticket.id} photos={ticket.photos} />
      <ReportDamage ticketId={ticket.id} />

      <section>
        <h3 className="mb-3 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">Timeline</h3>
        <Timeline entries={timeline} />
      </section>
    </div>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-[0.14em] text-muted">{label}</dt>
      {/* A long e-mail breaks inside its column rather than running over the next one. */}
      <dd className="mt-0.5 break-words text-foreground">{children}</dd>
    </div>
  );
}

function Photos({ ticketId, photos }: { ticketId: string; photos: { id: string; url: string; takenAt: string }[] }) {
  const [adding, setAdding] = useState<PhotoUpload[]>([]);
  const upload = useUploadPhotos();
  return (
    <section>
      <h3 className="mb-3 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">Condition photos</h3>
      {photos.length ? (
        <div className="mb-3 grid grid-cols-3 gap-2.5">
          {photos.map((p) => (
            <a key={p.id} href={p.url} target="_blank" rel="noreferrer" className="block aspect-[4/3] overflow-hidden rounded-lg border border-border">
              <img src={p.url} alt={`Taken ${formatDateTime(p.takenAt)}`} className="size-full object-cover" loading="lazy" />
            </a>
          ))}
        </div>
      ) : null}
      {photos.length < MAX_PHOTOS_PER_TICKET ? (
        <>
          <PhotoPicker id="tv-photos" photos={adding} onChange={setAdding} max={MAX_PHOTOS_PER_TICKET - photos.length} />
          {adding.length ? (
            <Button
              className="mt-3 h-12 w-full"
              disabled={upload.isPending}
              onClick={async () => {
                try {
                  await upload.mutateAsync({ ticketId, photos: adding });
                  setAdding([]);
                  notifySuccess("Photos Saved");
                } catch (err) {
                  notifyError("Photos not saved", err);
                }
              }}
            >
              Save Photos
            </Button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function ReportDamage({ ticketId }: { ticketId: string }) {
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<string>("");
  const [notes, setNotes] = useState("");
  const [photos, setPhotos] = useState<PhotoUpload[]>([]);
  const report = useReportIncident();
  if (!open) {
    return (
      <Button variant="outline" className="h-12 w-full" onClick={() => setOpen(true)}>
        Report Damage
      </Button>
    );
  }
  return (
    <section className="space-y-4 rounded-2xl border border-danger/40 p-4" aria-label="Report damage">
      <h3 className="text-[0.68rem] font-medium uppercase tracking-[0.22em] text-danger">Report damage</h3>
      <div className="grid grid-cols-2 gap-2">
        {INCIDENT_TYPES.map((t) => (
          <button
            key={t}
            type="button"
            aria-pressed={type === t}
            onClick={() => setType(t)}
            className={`min-h-12 rounded-xl border text-sm ${type === t ? "border-gold bg-gold/10 text-gold" : "border-border text-foreground/80"}`}
          >
            {t}
          </button>
        ))}
      </div>
      <Field label="Notes" htmlFor="inc-notes">
        <Textarea id="inc-notes" value={notes} maxLength={2000} onChange={(e) => setNotes(e.target.value)} placeholder="Where, how big, who noticed it" />
      </Field>
      <PhotoPicker id="inc-photos" photos={photos} onChange={setPhotos} />
      <Button
        className="h-12 w-full"
        disabled={!type || report.isPending}
        onClick={async () => {
          try {
            await report.mutateAsync({ ticketId, type, notes, photos });
            notifySuccess("Incident Reported", `${type} recorded against this ticket.`);
            setOpen(false);
            setType("");
            setNotes("");
            setPhotos([]);
          } catch (err) {
            notifyError("Report Failed", err);
          }
        }}
      >
        Save Incident
      </Button>
    </section>
  );
}
