// Ride: Miles/Mins, one vehicle: a local draft of the rate card. Save and Revert are enabled only when
// the draft differs from the loaded card; the preview prices the spec's 12 mile, 30 minute example.
// Unsaved drafts are kept in the page's `drafts` (per vehicle and loaded card), so switching tabs loses none.
import { useEffect, useState } from "react";
import { ABSENT_RATE_CARD, rateCardInputSchema, type AdminRateCard, type AdminVehicle } from "@meridian/shared/fleet";
import { priceRide } from "@meridian/shared/pricing";
import { Label } from "@/components/ui/label";
import { notifyError, notifySuccess } from "@/lib/notify";
import { formatMoney } from "@meridian/shared/money";
import { useSaveRateCard } from "../api/save-rate-card";
import { GoldSwitch, SaveRevertButtons, UnitInput } from "@/components/admin/fleet-ui";

const PREVIEW = { miles: 12, minutes: 30 };
export type RateCardDraft = { perMile: string; perMinute: string; active: boolean };
const num = (s: string) => (s.trim() === "" ? Number.NaN : Number(s));

export function RateCardPanel({ vehicle, rateCard, drafts }: { vehicle: AdminVehicle; rateCard: AdminRateCard | null; drafts: Map<string, RateCardDraft> }) {
  const loaded = rateCard ?? ABSENT_RATE_CARD;
  const initial: RateCardDraft = { perMile: String(loaded.perMileUsd), perMinute: String(loaded.perMinuteUsd), active: loaded.active };
  // A draft belongs to the card it was made from: once the saved card changes, it no longer applies.
  const draftKey = `${vehicle.id}|${loaded.perMileUsd}|${loaded.perMinuteUsd}|${loaded.active}`;
  const [draft, setDraft] = useState<RateCardDraft>(() => drafts.get(draftKey) ?? initial);
  const save = useSaveRateCard();

  const dirty = num(draft.perMile) !== loaded.perMileUsd || num(draft.perMinute) !== loaded.perMinuteUsd || draft.active !== loaded.active;
  useEffect(() => {
    if (dirty) drafts.set(draftKey, draft);
    else drafts.delete(draftKey);
  }, [drafts, draftKey, draft, dirty]);
  const preview = priceRide({
    method: "miles_minutes",
    vehicle,
    rateCard: { perMileUsd: num(draft.perMile), perMinuteUsd: num(draft.perMinute), active: true },
    tiers: [],
    ...PREVIEW,
  });
  const previewOk = preview.ok && Number.isFinite(preview.quote.totalUsd);

  async function onSave() {
    const parsed = rateCardInputSchema.safeParse({ perMileUsd: num(draft.perMile), perMinuteUsd: num(draft.perMinute), active: draft.active });
    if (!parsed.success) {
      notifyError("Validation Error", parsed.error.issues[0]?.message);
      return;
    }
    try {
      await save.mutateAsync({ vehicleId: vehicle.id, input: parsed.data });
      drafts.delete(draftKey);
      // Rate cards apply at once (no Publish step): the words say so.
      notifySuccess(
        `Rates live for ${vehicle.name}`,
        parsed.data.active
          ? `New quotes use ${formatMoney(parsed.data.perMileUsd)} per mile and ${formatMoney(parsed.data.perMinuteUsd)} per minute from now.`
          : `${formatMoney(parsed.data.perMileUsd)} per mile, ${formatMoney(parsed.data.perMinuteUsd)} per minute saved; the card is inactive, so new quotes do not use it.`,
      );
    } catch (err) {
      notifyError("Error Saving Rates", err);
    }
  }

  function onRevert() {
    setDraft(initial);
    notifySuccess(`Changes discarded for ${vehicle.name}`, "The live rates are back in the form.");
  }

  const ids = { mile: `rate-mile-${vehicle.id}`, minute: `rate-minute-${vehicle.id}`, active: `rate-active-${vehicle.id}` };
  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={ids.mile}>Per Mile</Label>
          <UnitInput id={ids.mile} prefix="$" suffix="/ mi" min={0} step={0.01} value={draft.perMile} onChange={(e) => setDraft((d) => ({ ...d, perMile: e.target.value }))} />
        </div>
        <div>
          <Label htmlFor={ids.minute}>Per Minute</Label>
          <UnitInput id={ids.minute} prefix="$" suffix="/ min" min={0} step={0.01} value={draft.perMinute} onChange={(e) => setDraft((d) => ({ ...d, perMinute: e.target.value }))} />
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-border bg-surface-2/50 px-4 py-3">
        <label htmlFor={ids.active} className="flex cursor-pointer items-center gap-3 text-sm">
          <GoldSwitch id={ids.active} checked={draft.active} onCheckedChange={(active) => setDraft((d) => ({ ...d, active }))} aria-label={`Rate card active: ${vehicle.name}`} />
          {draft.active ? "Active" : "Inactive"}
        </label>
        <p className="text-sm text-muted" data-testid="rate-preview">
          {PREVIEW.miles} mile, {PREVIEW.minutes} minute ride →{" "}
          <span className="font-display text-xl text-gold tabular-nums">{previewOk && preview.ok ? formatMoney(preview.quote.totalUsd) : "—"}</span>
        </p>
      </div>
      <SaveRevertButtons disabled={!dirty || save.isPending} onSave={onSave} onRevert={onRevert} saveLabel="Save & Apply" />
    </div>
  );
}
