// Valet Rates tab: the event valet rate card as a form on the shared valetRatesSchema (the server's messages under
// each field), its unsaved edit kept by the page across tab switches. Save stores it as the server's draft, Revert
// restores the last saved draft, Publish Changes (the page's floating button) makes it price every valet quote. The
// rules are spelled out in words beside the inputs, from the same shared functions the server prices with.
import { zodResolver } from "@hookform/resolvers/zod";
import { VALET_EVENT_TYPES } from "@meridian/shared/valet";
import { describeValetRates, priceValet, sameValetRates, valetRatesSchema, type AdminValetRates, type ValetRates } from "@meridian/shared/valet-pricing";
import { BookOpenText, CircleDot } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { useForm, useWatch, type Path } from "react-hook-form";
import { NumberField as UnitField, numberOr, TextField } from "@/components/form/fields";
import { applyServerFieldErrors, firstErrorMessage, Form } from "@/components/form/form";
import { Card } from "@/components/ui/card";
import { notifyError, notifySuccess } from "@/lib/notify";
import { formatMoney } from "@meridian/shared/money";
import { cn } from "@/lib/utils";
import { useSaveValetRates } from "../api/save-valet-rates";
import { SaveRevertButtons } from "@/components/admin/fleet-ui";

/** The form's values: the card, an emptied number as NaN (the schema's message for it). */
export type ValetRatesDraft = ValetRates;

const typed = numberOr(Number.NaN);
const typeId = (t: string) => `valet-type-${t.replace(/\W+/g, "-").toLowerCase()}`;
/** Every field the server may name in a refusal ("eventTypeSurchargesUsd.Wedding" for a surcharge). */
const FIELDS = [
  "eventBaseFeeUsd",
  "attendantHourlyUsd",
  "minimumHours",
  "vehiclesPerAttendant",
  "minimumAttendants",
  "lateAfter",
  "lateHourlySurchargeUsd",
  "defaultExpectedVehicles",
  ...VALET_EVENT_TYPES.map((t) => `eventTypeSurchargesUsd.${t}` as const),
] as Path<ValetRates>[];

const EXAMPLE = { eventType: "Wedding", startTime: "17:00", endTime: "23:00", expectedVehicles: 100 } as const;

export function ValetRatesPanel({
  rates,
  edit,
  onEdit,
}: {
  rates: AdminValetRates;
  /** The unsaved edit (kept by the page), or null to show the saved draft. */
  edit: ValetRatesDraft | null;
  onEdit: (draft: ValetRatesDraft | null) => void;
}) {
  const save = useSaveValetRates();
  const form = useForm<ValetRates>({ resolver: zodResolver(valetRatesSchema), defaultValues: rates.draft });
  const [restored] = useState(edit);
  // A kept edit goes back into the form as changes from the saved draft (so Save and Revert are on).
  useEffect(() => {
    if (restored) form.reset(restored, { keepDefaultValues: true });
  }, [form, restored]);

  const draft = useWatch({ control: form.control }) as ValetRates;
  const dirty = form.formState.isDirty;
  useEffect(() => onEdit(dirty ? draft : null), [onEdit, dirty, draft]);

  const parsed = valetRatesSchema.safeParse(draft);
  const current = parsed.success ? parsed.data : null;
  const shown = current ?? rates.draft;
  const example = priceValet(shown, EXAMPLE);

  const onSave = form.handleSubmit(
    async (values) => {
      try {
        await save.mutateAsync(values);
        form.reset(values);
        notifySuccess("Valet rates saved as draft", "Publish Changes to use them for new valet quotes.");
      } catch (err) {
        applyServerFieldErrors(err, form.setError, FIELDS);
        notifyError("Error Saving Rates", err);
      }
    },
    (errors) => notifyError("Validation Error", firstErrorMessage(errors)),
  );

  function onRevert() {
    form.reset(rates.draft);
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

        <Form form={form} onSubmit={onSave}>
          <div className="mt-6 space-y-6">
            <Group title="Event">
              <MoneyField name="eventBaseFeeUsd" id="valet-base" label="Event base fee" suffix="/ event" />
              <QuantityField name="defaultExpectedVehicles" id="valet-default-vehicles" label="Expected vehicles if left empty" suffix="cars" />
            </Group>
            <Group title="Attendants">
              <QuantityField name="vehiclesPerAttendant" id="valet-per-attendant" label="Cars per attendant" suffix="cars" />
              <QuantityField name="minimumAttendants" id="valet-min-attendants" label="Minimum attendants" suffix="staff" />
              <MoneyField name="attendantHourlyUsd" id="valet-hourly" label="Attendant hourly rate" suffix="/ hour" />
              <QuantityField name="minimumHours" id="valet-min-hours" label="Minimum billable hours" suffix="hours" step={0.25} />
            </Group>
            <Group title="Late hours">
              <TextField<ValetRates> name="lateAfter" id="valet-late-after" label="Late hours start" type="time" step={900} className="[color-scheme:dark]" />
              <MoneyField name="lateHourlySurchargeUsd" id="valet-late" label="Late surcharge" suffix="/ staff-hr" />
            </Group>
            <Group title="Event type surcharges" wide>
              {VALET_EVENT_TYPES.map((t) => (
                <MoneyField key={t} name={`eventTypeSurchargesUsd.${t}`} id={typeId(t)} label={t} suffix="/ event" />
              ))}
            </Group>
          </div>

          <div className="mt-6 flex flex-wrap items-center justify-between gap-4 border-t border-border pt-5">
            <p className="text-sm text-muted" data-testid="valet-preview">
              Wedding, 5 PM – 11 PM, 100 cars →{" "}
              <span className="font-display text-xl text-gold tabular-nums">{current && example.ok ? formatMoney(example.quote.totalUsd) : "—"}</span>
            </p>
            <SaveRevertButtons disabled={!dirty || save.isPending} onRevert={onRevert} saveLabel="Save Draft" />
          </div>
        </Form>
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

function MoneyField({ name, id, label, suffix }: { name: Path<ValetRates>; id: string; label: string; suffix: string }) {
  return <UnitField<ValetRates> name={name} id={id} label={label} prefix="$" suffix={suffix} min={0} step={0.01} className="pr-24" setValueAs={typed} />;
}

function QuantityField({ name, id, label, suffix, step = 1 }: { name: Path<ValetRates>; id: string; label: string; suffix: string; step?: number }) {
  return <UnitField<ValetRates> name={name} id={id} label={label} suffix={suffix} min={0} step={step} className="pr-16" setValueAs={typed} />;
}
