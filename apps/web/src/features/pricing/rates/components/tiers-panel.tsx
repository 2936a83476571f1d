// Ride: Fixed Tiers, one vehicle: the tier list with add, edit, delete and an active switch. Each save
// is checked first against the vehicle's current tiers (fetched fresh), then by the server.
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { checkTierDraft, NEW_TIER_DEFAULTS, type AdminTier, type AdminVehicle, type TierDraft } from "@meridian/shared/fleet";
import { Check, Pencil, Plus, Trash2, X } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { notifyError, notifySuccess } from "@/lib/notify";
import { formatMoney } from "@meridian/shared/money";
import { cn } from "@/lib/utils";
import { pricingOverviewQueryOptions } from "../api/get-pricing-overview";
import { useDeleteTier, useSaveTier } from "../api/save-tier";
import { GoldSwitch, UnitInput } from "@/components/admin/fleet-ui";

type Editing = { id?: string; milesMin: string; milesMax: string; priceUsd: string; active: boolean };
const toNum = (s: string): number | "" => (s.trim() === "" ? "" : Number(s));
const toDraft = (e: Editing): TierDraft => ({ milesMin: toNum(e.milesMin), milesMax: toNum(e.milesMax), priceUsd: toNum(e.priceUsd), active: e.active });
const fromTier = (t: Pick<AdminTier, "milesMin" | "milesMax" | "priceUsd" | "active"> & { id?: string }): Editing => ({
  id: t.id,
  milesMin: String(t.milesMin),
  milesMax: String(t.milesMax),
  priceUsd: String(t.priceUsd),
  active: t.active,
});

export function TiersPanel({ vehicle, tiers }: { vehicle: AdminVehicle; tiers: AdminTier[] }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const save = useSaveTier();
  const remove = useDeleteTier();
  const busy = save.isPending || remove.isPending;
  const { confirm, dialog } = useConfirm();

  async function persist(e: Editing): Promise<boolean> {
    const draft = toDraft(e);
    let current: AdminTier[];
    try {
      const fresh = await queryClient.fetchQuery({ ...pricingOverviewQueryOptions, staleTime: 0 });
      current = fresh.vehicles.find((v) => v.vehicle.id === vehicle.id)?.tiers ?? [];
    } catch (err) {
      notifyError("Error fetching existing tiers", err);
      return false;
    }
    const problem = checkTierDraft(draft, current, e.id);
    if (problem) {
      notifyError(problem.title, problem.message);
      return false;
    }
    const input = { vehicleTypeId: vehicle.id, milesMin: draft.milesMin as number, milesMax: draft.milesMax as number, priceUsd: draft.priceUsd as number, active: e.active };
    try {
      await save.mutateAsync({ id: e.id, input });
      notifySuccess("Tier Saved!", `${vehicle.name}: ${input.milesMin} - ${input.milesMax} miles at ${formatMoney(input.priceUsd)}.`);
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.code === "tier_overlap") notifyError("Overlap Detected", err);
      else if (err instanceof ApiError && err.status === 400) notifyError("Validation Error", err);
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
              <TierEditor key={t.id} value={editing} onChange={setEditing} busy={busy} onCancel={() => setEditing(null)} onSave={async () => (await persist(editing)) && setEditing(null)} />
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
                      onCheckedChange={(active) => void persist({ ...fromTier(t), active })}
                    />
                  </span>
                  <span className="flex w-[72px] justify-end gap-0.5">
                    <Button variant="ghost" size="icon" className="size-8" aria-label={`Edit tier ${t.milesMin} - ${t.milesMax}`} disabled={busy} onClick={() => setEditing(fromTier(t))}>
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
            <TierEditor value={editing} onChange={setEditing} busy={busy} onCancel={() => setEditing(null)} onSave={async () => (await persist(editing)) && setEditing(null)} />
          ) : null}
        </ul>
      </div>
      <div className="flex justify-end">
        <Button variant="outline" size="sm" disabled={Boolean(editing) || busy} onClick={() => setEditing(fromTier(NEW_TIER_DEFAULTS))}>
          <Plus /> Add Tier
        </Button>
      </div>
    </div>
  );
}

function TierEditor({ value, onChange, onSave, onCancel, busy }: { value: Editing; onChange: (e: Editing) => void; onSave: () => void; onCancel: () => void; busy: boolean }) {
  const set = (patch: Partial<Editing>) => onChange({ ...value, ...patch });
  return (
    <li className="grid grid-cols-2 items-end gap-3 bg-gold/[0.04] px-4 py-3 sm:grid-cols-[1fr_1fr_1fr_auto_auto]" data-testid="tier-editor">
      <label className="block">
        <span className="mb-1 block text-[10px] uppercase tracking-[0.16em] text-muted sm:sr-only">Miles From</span>
        <UnitInput aria-label="Miles From" suffix="mi" min={0} step={0.01} className="h-9" value={value.milesMin} onChange={(e) => set({ milesMin: e.target.value })} />
      </label>
      <label className="block">
        <span className="mb-1 block text-[10px] uppercase tracking-[0.16em] text-muted sm:sr-only">Miles To</span>
        <UnitInput aria-label="Miles To" suffix="mi" min={0} step={0.01} className="h-9" value={value.milesMax} onChange={(e) => set({ milesMax: e.target.value })} />
      </label>
      <label className="block">
        <span className="mb-1 block text-[10px] uppercase tracking-[0.16em] text-muted sm:sr-only">Price</span>
        <UnitInput aria-label="Price" prefix="$" min={0} step={0.01} className="h-9" value={value.priceUsd} onChange={(e) => set({ priceUsd: e.target.value })} />
      </label>
      <span className="flex h-9 w-14 items-center justify-center">
        <GoldSwitch checked={value.active} aria-label="Tier active" onCheckedChange={(active) => set({ active })} />
      </span>
      <span className="col-span-2 flex justify-end gap-0.5 sm:col-span-1 sm:w-[72px]">
        <Button variant="ghost" size="icon" className="size-9 text-gold hover:text-gold-bright" aria-label="Save tier" disabled={busy} onClick={onSave}>
          <Check />
        </Button>
        <Button variant="ghost" size="icon" className="size-9" aria-label="Cancel" onClick={onCancel}>
          <X />
        </Button>
      </span>
    </li>
  );
}
