// Valet Rates tab: the event valet rate card as a local draft (kept by the page across tab switches).
// Save stores it as the server's draft, Revert restores the last saved draft, Publish Changes (the page's
// floating button) makes it price every valet quote. The rules are spelled out in words beside the inputs,
// from the same shared functions the server prices with.
import { VALET_EVENT_TYPES, type ValetEventType } from "@meridian/shared/valet";
import { describeValetRates, priceValet, sameValetRates, valetRatesSchema, type AdminValetRates, type ValetRates } from "@meridian/shared/valet-pricing";
import { BookOpenText, CircleDot } from "lucide-react";
import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { notifyError, notifySuccess } from "@/lib/notify";
import { formatMoney } from "@meridian/shared/money";
import { cn } from "@/lib/utils";
import { useSaveValetRates } from "../api/save-valet-rates";
import { SaveRevertButtons, UnitInput } from "@/components/admin/fleet-ui";

/** The inputs' text, as typed. */
export type ValetRatesDraft = {
  eventBaseFeeUsd: string;
  attendantHourlyUsd: string;
  minimumHours: string;
  vehiclesPerAttendant: string;
  minimumAttendants: string;
  lateAfter: string;
  lateHourlySurchargeUsd: string;
  defaultExpectedVehicles: string;
  eventTypeSurchargesUsd: Record<ValetEventType, string>;
};

const NUMBER_FIELDS = [
  "eventBaseFeeUsd",
  "attendantHourlyUsd",
  "minimumHours",
  "vehiclesPerAttendant",
  "minimumAttendants",
  "lateHourlySurchargeUsd",
  "defaultExpectedVehicles",
] as const;

export const draftOf = (r: ValetRates): ValetRatesDraft => ({
  ...(Object.fromEntries(NUMBER_FIELDS.map((k) => [k, String(r[k])])) as Record<(typeof NUMBER_FIELDS)[number], string>),
  lateAfter: r.lateAfter,
  eventTypeSurchargesUsd: Object.fromEntries(VALET_EVENT_TYPES.map((t) => [t, String(r.eventTypeSurchargesUsd[t] ?? 0)])) as Record<ValetEventType, string>,
});

const num = (s: string) => (s.trim() === "" ? Number.NaN : Number(s));

function ratesOf(d: ValetRatesDraft) {
  return valetRatesSchema.safeParse({
    ...Object.fromEntries(NUMBER_FIELDS.map((k) => [k, num(d[k])])),
    lateAfter: d.lateAfter,
    eventTypeSurchargesUsd: Object.fromEntries(VALET_EVENT_TYPES.map((t) => [t, num(d.eventTypeSurchargesUsd[t])])),
  });
}

const EXAMPLE = { eventType: "Wedding", startTime: "17:00", endTime: "23:00", expectedVehicles: 100 } as const;

export function ValetRatesPanel({
  rates,
  edit,
  onEdit,
}: {
  rates: AdminValetRates;
  /** The unsaved edit, or null to show the saved draft. */
  edit: ValetRatesDraft | null;
  onEdit: (draft: ValetRatesDraft | null) => void;
}) {
  const save = useSaveValetRates();
  const draft = edit ?? draftOf(rates.draft);
  const parsed = ratesOf(draft);
  const current = parsed.success ? parsed.data : null;
  const dirty = edit !== null && !sameValetRates(current, rates.draft);
  const shown = current ?? rates.draft;
  const example = priceValet(shown, EXAMPLE);

  const set = (patch: Partial<ValetRatesDraft>) => onEdit({ ...draft, ...patch });
  const setType = (t: ValetEventType, value: string) => set({ eventTypeSurchargesUsd: { ...draft.eventTypeSurchargesUsd, [t]: value } });

  async function onSave() {
    if (!parsed.success) {
      notifyError("Validation Error", parsed.error.issues[0]?.message);
      return;
    }
    try {
      await save.mutateAsync(parsed.data);
      onEdit(null);
      notifySuccess("Valet rates saved as draft", "Publish Changes to use them for new valet quotes.");
    } catch (err) {
      notifyError("Error Saving Rates", err);
    }
  }

  function onRevert() {
    onEdit(null);
    notifySuccess("Draft reverted for valet rates", "The last saved valet rates are back.");
  }

  const status = dirty
    ? { tone: "text-amber-300 border-amber-400/40 bg-amber-400/10", text: "Unsaved changes" }
    : rates.unpublished
      ? { tone: "text-gold border-gold/50 bg-gold/10", text: rates.published ? "Saved draft · not yet published" : "Draft · valet not yet bookable online" }
      : { tone: "text-success border-success/40 bg-success/10", text: "Live" };

  return (
    <div className="grid gap-5 2xl:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]" data-testid="valet-rates">
      <Card className="p-5 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h3 className="font-display text-2xl font-medium leading-tight">Event Valet Rate Card</h3>
            <p className="mt-1 text-sm text-muted">Every valet quote is priced from the published card, to the cent.</p>
          </div>
          <span data-testid="valet-rates-status" className={cn("inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-[11px] font-medium tracking-wide", status.tone)}>
            <CircleDot className="size-3" aria-hidden />
            {status.text}
          </span>
        </div>

        <div className="mt-6 space-y-6">
          <Group title="Event">
            <MoneyField id="valet-base" label="Event base fee" suffix="/ event" value={draft.eventBaseFeeUsd} onChange={(v) => set({ eventBaseFeeUsd: v })} />
            <NumberField id="valet-default-vehicles" label="Expected vehicles if left empty" suffix="cars" value={draft.defaultExpectedVehicles} onChange={(v) => set({ defaultExpectedVehicles: v })} />
          </Group>
          <Group title="Attendants">
            <NumberField id="valet-per-attendant" label="Cars per attendant" suffix="cars" value={draft.vehiclesPerAttendant} onChange={(v) => set({ vehiclesPerAttendant: v })} />
            <NumberField id="valet-min-attendants" label="Minimum attendants" suffix="staff" value={draft.minimumAttendants} onChange={(v) => set({ minimumAttendants: v })} />
            <MoneyField id="valet-hourly" label="Attendant hourly rate" suffix="/ hour" value={draft.attendantHourlyUsd} onChange={(v) => set({ attendantHourlyUsd: v })} />
            <NumberField id="valet-min-hours" label="Minimum billable hours" suffix="hours" step={0.25} value={draft.minimumHours} onChange={(v) => set({ minimumHours: v })} />
          </Group>
          <Group title="Late hours">
            <div>
              <Label htmlFor="valet-late-after">Late hours start</Label>
              <Input id="valet-late-after" type="time" step={900} className="[color-scheme:dark]" value={draft.lateAfter} onChange={(e) => set({ lateAfter: e.target.value })} />
            </div>
            <MoneyField id="valet-late" label="Late surcharge" suffix="/ staff-hr" value={draft.lateHourlySurchargeUsd} onChange={(v) => set({ lateHourlySurchargeUsd: v })} />
          </Group>
          <Group title="Event type surcharges" wide>
            {VALET_EVENT_TYPES.map((t) => (
              <MoneyField key={t} id={`valet-type-${t.replace(/\W+/g, "-").toLowerCase()}`} label={t} suffix="/ event" value={draft.eventTypeSurchargesUsd[t]} onChange={(v) => setType(t, v)} />
            ))}
          </Group>
        </div>

        <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-t border-border pt-5">
          <p className="text-sm text-muted" data-testid="valet-preview">
            Wedding, 5 PM – 11 PM, 100 cars →{" "}
            <span className="font-display text-xl text-gold tabular-nums">{current && example.ok ? formatMoney(example.quote.totalUsd) : "—"}</span>
          </p>
          <SaveRevertButtons disabled={!dirty || save.isPending} onSave={onSave} onRevert={onRevert} saveLabel="Save Draft" />
        </div>
      </Card>

      <Card className="h-fit p-5 sm:p-6">
        <div className="flex items-center gap-3">
          <span className="grid size-9 place-items-center rounded-full border border-gold/40 bg-gold/10 text-gold">
            <BookOpenText className="size-4" />
          </span>
          <h3 className="font-display text-2xl font-medium leading-none">How valet is priced</h3>
        </div>
        <ol className="mt-5 space-y-3 text-sm leading-relaxed text-foreground/85" data-testid="valet-rules">
          {describeValetRates(shown).map((line, i) => (
            <li key={i} className="flex gap-3">
              <span className="mt-0.5 font-display text-lg leading-none text-gold">{i + 1}</span>
              <span>{line}</span>
            </li>
          ))}
        </ol>
        {rates.published && !sameValetRates(rates.published, shown) ? (
          <p className="mt-5 rounded-md border border-gold/30 bg-gold/[0.06] px-3.5 py-3 text-xs text-muted">
            Quotes still use the published card until you press <span className="text-gold">Publish Changes</span>.
          </p>
        ) : null}
      </Card>
    </div>
  );
}

function Group({ title, wide, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <fieldset>
      <legend className="mb-3 text-[11px] font-medium uppercase tracking-[0.2em] text-muted">{title}</legend>
      <div className={cn("grid gap-4 sm:grid-cols-2", wide && "lg:grid-cols-3")}>{children}</div>
    </fieldset>
  );
}

function MoneyField({ id, label, suffix, value, onChange }: { id: string; label: string; suffix: string; value: string; onChange: (v: string) => void }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <UnitInput id={id} prefix="$" suffix={suffix} min={0} step={0.01} value={value} onChange={(e) => onChange(e.target.value)} className="pr-24" />
    </div>
  );
}

function NumberField({ id, label, suffix, step = 1, value, onChange }: { id: string; label: string; suffix: string; step?: number; value: string; onChange: (v: string) => void }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <UnitInput id={id} suffix={suffix} min={0} step={step} value={value} onChange={(e) => onChange(e.target.value)} className="pr-16" />
    </div>
  );
}
