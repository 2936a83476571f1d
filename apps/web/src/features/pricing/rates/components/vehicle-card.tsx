// The frame of one vehicle on the pricing tabs: name, base fee, readiness, and the 3-second gold
// highlight when the page was opened with ?vehicle=<id>.
import type { ReactNode } from "react";
import { pricingReadiness, type AdminRateCard, type AdminTier, type AdminVehicle, PRICING_METHOD_LABELS, READINESS_LABELS } from "@meridian/shared/fleet";
import type { PricingMethod } from "@meridian/shared/pricing";
import { Card } from "@/components/ui/card";
import { formatMoney } from "@meridian/shared/money";
import { cn } from "@/lib/utils";
import { ReadinessBadge } from "@/components/admin/fleet-ui";

export const vehicleCardId = (id: string) => `vehicle-card-${id}`;

export function VehicleCard({
  vehicle,
  rateCard,
  tiers,
  liveMethod,
  draftMethod,
  highlighted,
  children,
}: {
  vehicle: AdminVehicle;
  rateCard: AdminRateCard | null;
  tiers: AdminTier[];
  liveMethod: PricingMethod;
  draftMethod: PricingMethod;
  highlighted: boolean;
  children: ReactNode;
}) {
  const live = pricingReadiness(liveMethod, rateCard, tiers);
  const draft = pricingReadiness(draftMethod, rateCard, tiers);
  return (
    <Card
      id={vehicleCardId(vehicle.id)}
      data-testid="vehicle-pricing-card"
      data-highlighted={highlighted ? "true" : undefined}
      aria-label={vehicle.name}
      role="region"
      className={cn(
        "scroll-mt-28 p-5 transition-[box-shadow,border-color] duration-500 sm:p-6",
        highlighted && "border-gold ring-2 ring-gold shadow-[0_0_0_8px_rgba(201,163,92,0.14),0_20px_60px_-20px_rgba(201,163,92,0.45)]",
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="flex flex-wrap items-center gap-2 font-display text-2xl font-medium leading-tight">
            {vehicle.name}
            {!vehicle.active ? <span className="rounded-full border border-border px-2 py-0.5 font-sans text-[10px] uppercase tracking-wider text-muted">Inactive</span> : null}
          </h3>
          <p className="mt-1 text-sm text-muted">
            Base fee <span className="tabular-nums text-foreground">{formatMoney(vehicle.baseFeeUsd)}</span>
            <span className="mx-2 text-border">|</span>
            {vehicle.passengerCapacity} pax · {vehicle.luggageCapacity} bags
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <ReadinessBadge readiness={live} />
          {draftMethod !== liveMethod ? (
            <span className="text-[11px] text-muted">
              Draft ({PRICING_METHOD_LABELS[draftMethod]}): <span className={draft === "ok" ? "text-success" : "text-amber-300"}>{READINESS_LABELS[draft]}</span>
            </span>
          ) : null}
        </div>
      </div>
      <div className="mt-5">{children}</div>
    </Card>
  );
}
