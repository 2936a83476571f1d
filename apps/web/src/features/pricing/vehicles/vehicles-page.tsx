// /admin/vehicles: the vehicle catalogue. Status toggles save at once; Set Pricing deep-links to the
// vehicle's card on the pricing screen for the live method; Delete is real but refused while booked.
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Briefcase, CarFront, Pencil, Plus, Tags, Trash2, Users } from "lucide-react";
import type { AdminVehicle } from "@meridian/shared/fleet";
import { pricingReadiness } from "@meridian/shared/fleet";
import type { PricingMethod } from "@meridian/shared/pricing";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { notifyError, notifySuccess } from "@/lib/notify";
import { formatMoney } from "@meridian/shared/money";
import { cn } from "@/lib/utils";
import { usePricingOverview } from "../rates/api/get-pricing-overview";
import { GoldSwitch, PageHeading, ReadinessBadge } from "@/components/admin/fleet-ui";
import { useAdminVehicles } from "./api/get-admin-vehicles";
import { useUpdateVehicle } from "./api/save-vehicle";
import { DeleteVehicleDialog } from "./components/delete-vehicle-dialog";
import { VehicleDialog } from "./components/vehicle-dialog";

export default function VehiclesPage() {
  const vehicles = useAdminVehicles();
  const pricing = usePricingOverview();
  const [editing, setEditing] = useState<AdminVehicle | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminVehicle | null>(null);

  useEffect(() => {
    if (vehicles.error) notifyError("Error fetching vehicles", vehicles.error);
  }, [vehicles.error]);

  const method: PricingMethod = pricing.data?.method ?? "miles_minutes";
  const readinessOf = (id: string) => {
    const entry = pricing.data?.vehicles.find((v) => v.vehicle.id === id);
    return entry ? pricingReadiness(method, entry.rateCard, entry.tiers) : null;
  };
  const openAdd = () => {
    setEditing(null);
    setDialogOpen(true);
  };
  const openEdit = (v: AdminVehicle) => {
    setEditing(v);
    setDialogOpen(true);
  };

  const list = vehicles.data ?? [];
  const activeCount = list.filter((v) => v.active).length;

  return (
    <div className="space-y-8">
      <PageHeading
        eyebrow="Fleet"
        title="Vehicles"
        actions={
          <Button onClick={openAdd}>
            <Plus /> Add Vehicle
          </Button>
        }
      >
        The vehicle classes guests can book. {list.length ? `${activeCount} of ${list.length} active.` : null}
      </PageHeading>

      <Card className="overflow-hidden p-0">
        {vehicles.isPending ? (
          <div className="grid place-items-center py-20">
            <Spinner className="size-8" />
          </div>
        ) : vehicles.error ? (
          <div className="flex flex-col items-center gap-4 py-16 text-center">
            <p className="text-sm text-muted">The vehicles could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => vehicles.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-4 py-20 text-center">
            <CarFront className="size-10 text-gold/70" />
            <p className="font-display text-2xl">No vehicles yet</p>
            <p className="max-w-sm text-sm text-muted">Add the first vehicle class, then give it a rate card or fixed tiers.</p>
            <Button onClick={openAdd}>
              <Plus /> Add Vehicle
            </Button>
          </div>
        ) : (
          <>
            <table className="hidden w-full text-left text-sm md:table">
              <thead className="border-b border-border bg-surface-2/60 text-[11px] uppercase tracking-[0.16em] text-muted">
                <tr>
                  <th className="px-6 py-4 font-medium">Name</th>
                  <th className="px-4 py-4 font-medium">Base Fee</th>
                  <th className="px-4 py-4 font-medium">Capacity</th>
                  <th className="px-4 py-4 font-medium">Status</th>
                  <th className="px-6 py-4 text-right font-medium">Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {list.map((v) => (
                  <tr key={v.id} className={cn("transition-colors hover:bg-white/[0.02]", !v.active && "text-foreground/60")} data-testid="vehicle-row">
                    <td className="px-6 py-4">
                      <div className="font-medium text-foreground">{v.name}</div>
                      <ReadinessLine readiness={readinessOf(v.id)} />
                    </td>
                    <td className="px-4 py-4 tabular-nums">{formatMoney(v.baseFeeUsd)}</td>
                    <td className="px-4 py-4">
                      <Capacity v={v} />
                    </td>
                    <td className="px-4 py-4">
                      <StatusToggle v={v} />
                    </td>
                    <td className="px-6 py-4">
                      <Actions v={v} method={method} onEdit={() => openEdit(v)} onDelete={() => setDeleting(v)} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="divide-y divide-border md:hidden">
              {list.map((v) => (
                <li key={v.id} className="space-y-4 p-5" data-testid="vehicle-row">
                  <div className="flex items-start justify-between gap-4">
                    <div>
                      <div className="font-medium">{v.name}</div>
                      <div className="mt-1 text-sm tabular-nums text-gold">{formatMoney(v.baseFeeUsd)} base</div>
                      <ReadinessLine readiness={readinessOf(v.id)} />
                    </div>
                    <StatusToggle v={v} />
                  </div>
                  <Capacity v={v} />
                  <Actions v={v} method={method} onEdit={() => openEdit(v)} onDelete={() => setDeleting(v)} />
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>

      <VehicleDialog open={dialogOpen} onOpenChange={setDialogOpen} vehicle={editing} />
      <DeleteVehicleDialog vehicle={deleting} onClose={() => setDeleting(null)} />
    </div>
  );
}

function ReadinessLine({ readiness }: { readiness: ReturnType<typeof pricingReadiness> | null }) {
  if (!readiness) return null;
  return <ReadinessBadge readiness={readiness} className="mt-2" />;
}

function Capacity({ v }: { v: AdminVehicle }) {
  return (
    <div className="flex items-center gap-4 text-sm text-foreground/85">
      <span className="inline-flex items-center gap-1.5" title="Passengers">
        <Users className="size-4 text-gold/80" />
        {v.passengerCapacity} <span className="text-muted">{v.passengerCapacity === 1 ? "passenger" : "passengers"}</span>
      </span>
      <span className="inline-flex items-center gap-1.5" title="Luggage">
        <Briefcase className="size-4 text-gold/80" />
        {v.luggageCapacity} <span className="text-muted">{v.luggageCapacity === 1 ? "bag" : "bags"}</span>
      </span>
    </div>
  );
}

function StatusToggle({ v }: { v: AdminVehicle }) {
  const update = useUpdateVehicle();
  const pending = update.isPending;
  const shown = pending && update.variables ? update.variables.patch.active ?? v.active : v.active;
  async function toggle(active: boolean) {
    try {
      await update.mutateAsync({ id: v.id, patch: { active } });
      notifySuccess("Status Updated", `${v.name} is now ${active ? "active" : "inactive"}.`);
    } catch (err) {
      notifyError("Error updating status", err);
    }
  }
  return (
    <label className="inline-flex cursor-pointer items-center gap-3">
      <GoldSwitch checked={shown} disabled={pending} onCheckedChange={toggle} aria-label={`Active: ${v.name}`} />
      <span className={cn("w-14 text-xs font-medium uppercase tracking-wider", shown ? "text-gold" : "text-muted")}>{shown ? "Active" : "Inactive"}</span>
    </label>
  );
}

function Actions({ v, method, onEdit, onDelete }: { v: AdminVehicle; method: PricingMethod; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2 md:justify-end">
      <Button asChild variant="outline" size="sm">
        <Link to={`/admin/pricing?tab=${method}&vehicle=${v.id}`}>
          <Tags /> Set Pricing
        </Link>
      </Button>
      <Button variant="ghost" size="sm" onClick={onEdit} aria-label={`Edit ${v.name}`}>
        <Pencil /> Edit
      </Button>
      <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${v.name}`} className="text-danger/90 hover:text-danger">
        <Trash2 /> Delete
      </Button>
    </div>
  );
}
