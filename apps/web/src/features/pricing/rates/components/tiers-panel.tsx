// Ride: Fixed Tiers, one vehicle: the tier list with add, edit, delete and an active switch. The editor row is a
// form on the shared tierInputSchema (the server's messages, under each field); a valid tier is then checked against
// the vehicle's current tiers (fetched fresh) for an overlap, then by the server.
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Controller, useForm, type UseFormSetError } from "react-hook-form";
import type { z } from "zod";
import { NEW_TIER_DEFAULTS, tierInputSchema, tierOverlapMessage, type AdminTier, type AdminVehicle, type TierInput } from "@meridian/shared/fleet";
import { findOverlappingTier } from "@meridian/shared/pricing";
import { Check, Pencil, Plus, Trash2, X } from "lucide-react";
import { NumberField, numberOr } from "@/components/form/fields";
import { applyServerFieldErrors, firstErrorMessage, Form } from "@/components/form/form";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { notifyError, notifySuccess } from "@/lib/notify";
import { formatMoney } from "@meridian/shared/money";
import { cn } from "@/lib/utils";
import { pricingOverviewQueryOptions } from "../api/get-pricing-overview";
import { useDeleteTier, useSaveTier } from "../api/save-tier";
import { GoldSwitch } from "@/components/admin/fleet-ui";

type TierValues = z.output<typeof tierInputSchema>;
/** What is edited: a saved tier (its id) or a new one. */
type Editing = { id?: string } & Pick<AdminTier, "milesMin" | "milesMax" | "priceUsd" | "active">;
const FIELDS = ["milesMin", "milesMax", "priceUsd"] as const;
/** An emptied number is NaN: the schema's "is required". */
const typed = numberOr(Number.NaN);

export function TiersPanel({ vehicle, tiers }: { vehicle: AdminVehicle; tiers: AdminTier[] }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const save = useSaveTier();
  const remove = useDeleteTier();
  const busy = save.isPending || remove.isPending;
  const { confirm, dialog } = useConfirm();

  /** Saves a valid tier; a refusal goes under the editor's fields (`setError`) as well as in a toast. */
  async function persist(input: TierValues, id: string | undefined, setError?: UseFormSetError<TierInput>): Promise<boolean> {
    let current: AdminTier[];
    try {
      const fresh = await queryClient.fetchQuery({ ...pricingOverviewQueryOptions, staleTime: 0 });
      current = fresh.vehicles.find((v) => v.vehicle.id === vehicle.id)?.tiers ?? [];
    } catch (err) {
      notifyError("Error fetching existing tiers", err);
      return false;
    }
    const clash = findOverlappingTier(current, { id, milesMin: input.milesMin, milesMax: input.milesMax });
    if (clash) {
      setError?.("milesMax", { type: "overlap", message: tierOverlapMessage(clash) });
      notifyError("Overlap Detected", tierOverlapMessage(clash));
      return false;
    }
    try {
      await save.mutateAsync({ id, input });
      notifySuccess("Tier Saved!", `${vehicle.name}: ${input.milesMin} - ${input.milesMax} miles at ${formatMoney(input.priceUsd)}.`);
      return true;
    } catch (err) {
      if (setError) applyServerFieldErrors(err, setError, FIELDS);
      if (err instanceof ApiError && err.code === "tier_overlap") {
        setError?.("milesMax", { type: "server", message: err.message });
        notifyError("Overlap Detected", err);
      } else if (err instanceof ApiError && err.status === 400) notifyError("Validation Error", err);
      else notifyError("Error saving tier", err);
      return false;
    }
  }

  async function onDelete(t: AdminTier) {
    const ok = await confirm({
      title: `Delete the ${t.milesMin} - ${t.milesMax} mile tier?`,
      description: `${vehicle.name} stops offering ${formatMoney(t.priceUsd)} for ${t.milesMin} - ${t.milesMax} miles in new quotes at once. This cannot be undone.`,
      confirmLabel: "Delete Tier",
      destructive: true,
    });
    if (!ok) return;
    try {
      await remove.mutateAsync(t.id);
      notifySuccess("Tier Deleted", `${t.milesMin} - ${t.milesMax} miles removed from ${vehicle.name}.`);
      if (editing?.id === t.id) setEditing(null);
    } catch (err) {
      notifyError("Error deleting tier", err);
    }
  }

  const rows = [...tiers].sort((a, b) => a.milesMin - b.milesMin);
  return (
    <div className="space-y-3">
      {dialog}
      <div className="overflow-hidden rounded-lg border border-border">
        <div className="hidden grid-cols-[1fr_1fr_1fr_auto_auto] gap-3 border-b border-border bg-surface-2/60 px-4 py-2.5 text-[10px] font-medium uppercase tracking-[0.16em] text-muted sm:grid">
          <span>Miles From</span>
          <span>Miles To</span>
          <span>Price</span>
          <span className="w-14 text-center">Active</span>
          <span className="w-[72px]" />
        </div>
        {rows.length === 0 && !editing ? <p className="px-4 py-6 text-center text-sm text-muted">No tiers yet. Add the first distance band.</p> : null}
        <ul className="divide-y divide-border">
          {rows.map((t) =>
            editing?.id === t.id ? (
              <TierEditor key={t.id} vehicle={vehicle} tier={editing} busy={busy} onCancel={() => setEditing(null)} onSave={persist} />
            ) : (
              <li key={t.id} data-testid="tier-row" className={cn("grid grid-cols-[1fr_auto] items-center gap-3 px-4 py-3 text-sm sm:grid-cols-[1fr_1fr_1fr_auto_auto]", !t.active && "text-foreground/50")}>
                <span className="flex flex-col tabular-nums sm:hidden">
                  <span>
                    {t.milesMin} - {t.milesMax} miles
                  </span>
                  <span className="text-gold">{formatMoney(t.priceUsd)}</span>
                </span>
                <span className="hidden tabular-nums sm:block">{t.milesMin} mi</span>
                <span className="hidden tabular-nums sm:block">{t.milesMax} mi</span>
                <span className="hidden tabular-nums text-gold sm:block">{formatMoney(t.priceUsd)}</span>
                <div className="col-start-2 row-start-1 flex items-center gap-1 sm:contents">
                  <span className="flex w-14 justify-center">
                    <GoldSwitch
                      checked={t.active}
                      disabled={busy}
                      aria-label={`Tier ${t.milesMin} - ${t.milesMax} miles active`}
                      onCheckedChange={(active) => void persist({ vehicleTypeId: vehicle.id, milesMin: t.milesMin, milesMax: t.milesMax, priceUsd: t.priceUsd, active }, t.id)}
                    />
                  </span>
                  <span className="flex w-[72px] justify-end gap-0.5">
                    <Button variant="ghost" size="icon" className="size-8" aria-label={`Edit tier ${t.milesMin} - ${t.milesMax}`} disabled={busy} onClick={() => setEditing(t)}>
                      <Pencil />
                    </Button>
                    <Button variant="ghost" size="icon" className="size-8 text-danger/80 hover:text-danger" aria-label={`Delete tier ${t.milesMin} - ${t.milesMax}`} disabled={busy} onClick={() => onDelete(t)}>
                      <Trash2 />
                    </Button>
                  </span>
                </div>
              </li>
            ),
          )}
          {editing && !editing.id ? (
            <TierEditor vehicle={vehicle} tier={editing} busy={busy} onCancel={() => setEditing(null)} onSave={persist} />
          ) : null}
        </ul>
      </div>
      <div className="flex justify-end">
        <Button variant="outline" size="sm" disabled={Boolean(editing) || busy} onClick={() => setEditing({ ...NEW_TIER_DEFAULTS })}>
          <Plus /> Add Tier
        </Button>
      </div>
    </div>
  );
}

function TierEditor({
  vehicle,
  tier,
  onSave,
  onCancel,
  busy,
}: {
  vehicle: AdminVehicle;
  tier: Editing;
  onSave: (input: TierValues, id: string | undefined, setError: UseFormSetError<TierInput>) => Promise<boolean>;
  onCancel: () => void;
  busy: boolean;
}) {
  const form = useForm<TierInput, unknown, TierValues>({
    resolver: zodResolver(tierInputSchema),
    defaultValues: { vehicleTypeId: vehicle.id, milesMin: tier.milesMin, milesMax: tier.milesMax, priceUsd: tier.priceUsd, active: tier.active },
  });
  const onSubmit = form.handleSubmit(
    async (values) => {
      if (await onSave(values, tier.id, form.setError)) onCancel();
    },
    (errors) => notifyError("Validation Error", firstErrorMessage(errors)),
  );
  const id = (field: string) => `tier-${field}-${tier.id ?? "new"}`;
  return (
    <li className="bg-gold/[0.04] px-4 py-3" data-testid="tier-editor">
      <Form form={form} onSubmit={onSubmit} aria-label={tier.id ? "Edit tier" : "New tier"} className="grid grid-cols-2 items-start gap-3 sm:grid-cols-[1fr_1fr_1fr_auto_auto]">
        <NumberField<TierInput> name="milesMin" id={id("min")} label="Miles From" labelClassName="mb-1 text-[10px] tracking-[0.16em] sm:sr-only" suffix="mi" min={0} step={0.01} className="h-9" setValueAs={typed} />
        <NumberField<TierInput> name="milesMax" id={id("max")} label="Miles To" labelClassName="mb-1 text-[10px] tracking-[0.16em] sm:sr-only" suffix="mi" min={0} step={0.01} className="h-9" setValueAs={typed} />
        <NumberField<TierInput> name="priceUsd" id={id("price")} label="Price" labelClassName="mb-1 text-[10px] tracking-[0.16em] sm:sr-only" prefix="$" min={0} step={0.01} className="h-9" setValueAs={typed} />
        <span className="flex h-9 w-14 items-center justify-center self-end sm:self-start">
          <Controller control={form.control} name="active" render={({ field }) => <GoldSwitch checked={field.value} aria-label="Tier active" onCheckedChange={field.onChange} />} />
        </span>
        <span className="col-span-2 flex justify-end gap-0.5 sm:col-span-1 sm:w-[72px]">
          <Button type="submit" variant="ghost" size="icon" className="size-9 text-gold hover:text-gold-bright" aria-label="Save tier" disabled={busy || form.formState.isSubmitting}>
            <Check />
          </Button>
          <Button type="button" variant="ghost" size="icon" className="size-9" aria-label="Cancel" onClick={onCancel}>
            <X />
          </Button>
        </span>
      </Form>
    </li>
  );
}
