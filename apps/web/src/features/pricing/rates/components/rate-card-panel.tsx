// Ride: Miles/Mins, one vehicle: the rate card as a form on the shared rateCardInputSchema. Save and Revert are
// enabled only while the form differs from the loaded card; the preview prices the spec's 12 mile, 30 minute example.
// Unsaved drafts are kept in the page's `drafts` (per vehicle and loaded card), so switching tabs loses none.
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { ABSENT_RATE_CARD, rateCardInputSchema, type AdminRateCard, type AdminVehicle, type RateCardInput } from "@meridian/shared/fleet";
import { priceRide } from "@meridian/shared/pricing";
import { formatMoney } from "@meridian/shared/money";
import type { z } from "zod";
import { NumberField, numberOr } from "@/components/form/fields";
import { applyServerFieldErrors, firstErrorMessage, Form } from "@/components/form/form";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useSaveRateCard } from "../api/save-rate-card";
import { GoldSwitch, SaveRevertButtons } from "@/components/admin/fleet-ui";

const PREVIEW = { miles: 12, minutes: 30 };
/** The form's values (an emptied rate is NaN: the schema's "is required"). */
export type RateCardDraft = RateCardInput;
type RateCardValues = z.output<typeof rateCardInputSchema>;
const rate = numberOr(Number.NaN);

export function RateCardPanel({ vehicle, rateCard, drafts }: { vehicle: AdminVehicle; rateCard: AdminRateCard | null; drafts: Map<string, RateCardDraft> }) {
  const loaded = rateCard ?? ABSENT_RATE_CARD;
  const saved: RateCardDraft = { perMileUsd: loaded.perMileUsd, perMinuteUsd: loaded.perMinuteUsd, active: loaded.active };
  // A draft belongs to the card it was made from: once the saved card changes, it no longer applies.
  const draftKey = `${vehicle.id}|${loaded.perMileUsd}|${loaded.perMinuteUsd}|${loaded.active}`;
  const [restored] = useState(() => drafts.get(draftKey));
  const form = useForm<RateCardDraft, unknown, RateCardValues>({ resolver: zodResolver(rateCardInputSchema), defaultValues: saved });
  const save = useSaveRateCard();

  // A kept draft goes back into the form as changes (so Save and Revert are on).
  useEffect(() => {
    if (restored) for (const key of ["perMileUsd", "perMinuteUsd", "active"] as const) form.setValue(key, restored[key], { shouldDirty: true });
  }, [form, restored]);

  const draft = useWatch({ control: form.control }) as RateCardDraft;
  const dirty = form.formState.isDirty;
  useEffect(() => {
    if (dirty) drafts.set(draftKey, draft);
    else drafts.delete(draftKey);
  }, [drafts, draftKey, draft, dirty]);

  // No price while a rate is empty (NaN) or not a number.
  const rates = { perMileUsd: Number(draft.perMileUsd), perMinuteUsd: Number(draft.perMinuteUsd) };
  const preview =
    Number.isFinite(rates.perMileUsd) && Number.isFinite(rates.perMinuteUsd)
      ? priceRide({ method: "miles_minutes", vehicle, rateCard: { ...rates, active: true }, tiers: [], ...PREVIEW })
      : null;

  const onSave = form.handleSubmit(
    async (values) => {
      try {
        await save.mutateAsync({ vehicleId: vehicle.id, input: values });
        drafts.delete(draftKey);
        form.reset(values);
        // Rate cards apply at once (no Publish step): the words say so.
        notifySuccess(
          `Rates live for ${vehicle.name}`,
          values.active
            ? `New quotes use ${formatMoney(values.perMileUsd)} per mile and ${formatMoney(values.perMinuteUsd)} per minute from now.`
            : `${formatMoney(values.perMileUsd)} per mile, ${formatMoney(values.perMinuteUsd)} per minute saved; the card is inactive, so new quotes do not use it.`,
        );
      } catch (err) {
        applyServerFieldErrors(err, form.setError, ["perMileUsd", "perMinuteUsd"]);
        notifyError("Error Saving Rates", err);
      }
    },
    (errors) => notifyError("Validation Error", firstErrorMessage(errors)),
  );

  function onRevert() {
    form.reset(saved);
    notifySuccess(`Changes discarded for ${vehicle.name}`, "The live rates are back in the form.");
  }

  const ids = { mile: `rate-mile-${vehicle.id}`, minute: `rate-minute-${vehicle.id}`, active: `rate-active-${vehicle.id}` };
  return (
    <Form form={form} onSubmit={onSave} className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <NumberField<RateCardDraft> name="perMileUsd" id={ids.mile} label="Per Mile" prefix="$" suffix="/ mi" min={0} step={0.01} setValueAs={rate} />
        <NumberField<RateCardDraft> name="perMinuteUsd" id={ids.minute} label="Per Minute" prefix="$" suffix="/ min" min={0} step={0.01} setValueAs={rate} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-border bg-surface-2/50 px-4 py-3">
        <Controller
          control={form.control}
          name="active"
          render={({ field }) => (
            <label htmlFor={ids.active} className="flex cursor-pointer items-center gap-3 text-sm">
              <GoldSwitch id={ids.active} checked={field.value} onCheckedChange={field.onChange} aria-label={`Rate card active: ${vehicle.name}`} />
              {field.value ? "Active" : "Inactive"}
            </label>
          )}
        />
        <p className="text-sm text-muted" data-testid="rate-preview">
          {PREVIEW.miles} mile, {PREVIEW.minutes} minute ride →{" "}
          <span className="font-display text-xl text-gold tabular-nums">{preview?.ok ? formatMoney(preview.quote.totalUsd) : "—"}</span>
        </p>
      </div>
      <SaveRevertButtons disabled={!dirty || save.isPending} onRevert={onRevert} saveLabel="Save & Apply" />
    </Form>
  );
}
