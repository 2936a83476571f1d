// Method tab: choose the ride pricing method as a local draft; the floating Publish Changes makes it live.
import { RadioGroup } from "radix-ui";
import { Gauge, Layers } from "lucide-react";
import { PRICING_METHOD_LABELS, pricingReadiness, type PricingOverview } from "@meridian/shared/fleet";
import type { PricingMethod } from "@meridian/shared/pricing";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/utils";
import { ReadinessBadge, SectionLabel } from "@/components/admin/fleet-ui";
import { vehicleCardId } from "./vehicle-card";

const OPTIONS: { value: PricingMethod; icon: typeof Gauge; blurb: string; example: string }[] = [
  { value: "miles_minutes", icon: Gauge, blurb: "Base fee + miles × rate per mile + minutes × rate per minute.", example: "Needs an active rate card per vehicle." },
  { value: "fixed_tiers", icon: Layers, blurb: "One fixed fare per distance band, whatever the time on the road.", example: "e.g. 5 - 10 miles = $90. Needs active tiers." },
];

export function MethodPanel({
  overview,
  draft,
  onDraft,
  highlightId,
  onSetUp,
}: {
  overview: PricingOverview;
  draft: PricingMethod;
  onDraft: (m: PricingMethod) => void;
  highlightId: string | null;
  onSetUp: (vehicleId: string) => void;
}) {
  const ready = overview.vehicles.filter((v) => v.vehicle.active && pricingReadiness(draft, v.rateCard, v.tiers) === "ok").length;
  const activeCount = overview.vehicles.filter((v) => v.vehicle.active).length;
  return (
    <div className="space-y-6">
      <RadioGroup.Root value={draft} onValueChange={(v) => onDraft(v as PricingMethod)} className="grid gap-4 md:grid-cols-2" aria-label="Ride pricing method">
        {OPTIONS.map(({ value, icon: Icon, blurb, example }) => {
          const selected = draft === value;
          const live = overview.method === value;
          return (
            <RadioGroup.Item
              key={value}
              value={value}
              aria-label={PRICING_METHOD_LABELS[value]}
              className={cn(
                "group relative cursor-pointer rounded-[var(--radius-card)] border bg-surface p-6 text-left transition-all",
                selected ? "border-gold/80 bg-gradient-to-br from-gold/[0.09] to-transparent shadow-[0_20px_50px_-30px_rgba(201,163,92,0.7)]" : "border-border hover:border-gold/40",
              )}
            >
              <div className="flex items-start justify-between gap-4">
                <span className={cn("grid size-11 place-items-center rounded-full border", selected ? "border-gold/60 bg-gold/15 text-gold" : "border-border text-muted")}>
                  <Icon className="size-5" />
                </span>
                <span className={cn("grid size-5 place-items-center rounded-full border", selected ? "border-gold" : "border-muted/50")}>
                  <RadioGroup.Indicator className="size-2.5 rounded-full bg-gold" />
                </span>
              </div>
              <div className="mt-5 flex flex-wrap items-center gap-2">
                <span className="font-display text-2xl font-medium">{PRICING_METHOD_LABELS[value]}</span>
                {live ? <span className="rounded-full border border-success/40 bg-success/10 px-2 py-0.5 text-[10px] font-medium uppercase tracking-wider text-success">Live</span> : null}
                {selected && !live ? <span className="rounded-full border border-gold/50 bg-gold/10 px-2 py-0.5 text-[10px] font-medium uppercase tracking-wider text-gold">Draft</span> : null}
              </div>
              <p className="mt-2 text-sm leading-relaxed text-foreground/80">{blurb}</p>
              <p className="mt-1 text-xs text-muted">{example}</p>
            </RadioGroup.Item>
          );
        })}
      </RadioGroup.Root>

      <Card className="p-0">
        <div className="flex flex-wrap items-baseline justify-between gap-2 border-b border-border px-6 py-4">
          <SectionLabel>Readiness under {PRICING_METHOD_LABELS[draft]}</SectionLabel>
          <span className="text-sm text-muted">
            <span className="text-foreground">{ready}</span> of {activeCount} active vehicles ready
          </span>
        </div>
        <ul className="divide-y divide-border">
          {overview.vehicles.map(({ vehicle, rateCard, tiers }) => (
            <li
              key={vehicle.id}
              id={vehicleCardId(vehicle.id)}
              className={cn("flex flex-wrap items-center justify-between gap-3 px-6 py-3.5 transition-shadow duration-500", highlightId === vehicle.id && "ring-2 ring-inset ring-gold")}
            >
              <span className={cn("text-sm", !vehicle.active && "text-muted")}>
                {vehicle.name}
                {!vehicle.active ? <span className="ml-2 text-[10px] uppercase tracking-wider">inactive</span> : null}
              </span>
              <span className="flex items-center gap-3">
                <ReadinessBadge readiness={pricingReadiness(draft, rateCard, tiers)} />
                <button type="button" className="cursor-pointer text-xs text-gold hover:underline" onClick={() => onSetUp(vehicle.id)}>
                  Set up
                </button>
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
