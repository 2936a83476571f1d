// /admin/vehicles: the vehicle catalogue. Status toggles save at once; Set Pricing deep-links to the
// vehicle's card on the pricing screen for the live method; Delete is real but refused while booked.
import { useState } from "react";
import { Link } from "react-router";
import { Briefcase, CarFront, Pencil, Plus, Tags, Trash2, Users } from "lucide-react";
import type { AdminVehicle } from "@meridian/shared/fleet";
import { pricingReadiness } from "@meridian/shared/fleet";
import type { PricingMethod } from "@meridian/shared/pricing";
import { Button } from "@/components/ui/button";
import { notifyError, notifySuccess } from "@/lib/notify";
import { formatMoney } from "@meridian/shared/money";
import { cn } from "@/lib/utils";
import { useItemDialog } from "@/hooks/use-item-dialog";
import type { Column } from "@/components/data-table/data-table";
import { EmptyState, ListPage, RetryState } from "@/components/data-table/list-page";
import { usePricingOverview } from "../rates/api/get-pricing-overview";
import { GoldSwitch, PageHeading, ReadinessBadge } from "@/components/admin/fleet-ui";
import { useAdminVehicles } from "./api/get-admin-vehicles";
import { useUpdateVehicle } from "./api/save-vehicle";
import { DeleteVehicleDialog } from "./components/delete-vehicle-dialog";
import { VehicleDialog } from "./components/vehicle-dialog";

export default function VehiclesPage() {
  const vehicles = useAdminVehicles();
  const pricing = usePricingOverview();
  const dialog = useItemDialog<AdminVehicle>();
  const [deleting, setDeleting] = useState<AdminVehicle | null>(null);

  const method: PricingMethod = pricing.data?.method ?? "miles_minutes";
  const readinessOf = (id: string) => {
    const entry = pricing.data?.vehicles.find((v) => v.vehicle.id === id);
    return entry ? pricingReadiness(method, entry.rateCard, entry.tiers) : null;
  };
  const addVehicle = (
    <Button onClick={dialog.add}>
      <Plus /> Add Vehicle
    </Button>
  );
  const columns: Column<AdminVehicle>[] = [
    {
      header: "Name",
      sortValue: (v) => v.name,
      cell: (v) => (
        <>
          <div className="font-medium text-foreground">{v.name}</div>
          <ReadinessLine readiness={readinessOf(v.id)} />
        </>
      ),
    },
    { header: "Base Fee", className: "tabular-nums", sortValue: (v) => v.baseFeeUsd, cell: (v) => formatMoney(v.baseFeeUsd) },
    { header: "Capacity", cell: (v) => <Capacity v={v} /> },
    { header: "Status", cell: (v) => <StatusToggle v={v} /> },
    { header: "Actions", actions: true, align: "right", cell: (v) => <Actions v={v} method={method} onEdit={() => dialog.edit(v)} onDelete={() => setDeleting(v)} /> },
  ];

  const list = vehicles.data ?? [];
  const activeCount = list.filter((v) => v.active).length;

  return (
    <>
      <div className="mb-8">
        <PageHeading eyebrow="Fleet" title="Vehicles" actions={addVehicle}>
          The vehicle classes guests can book. {list.length ? `${activeCount} of ${list.length} active.` : null}
        </PageHeading>
      </div>
      <ListPage
        label="Vehicles" query={vehicles} columns={columns} rows={(all) => all}
        rowTestId="vehicle-row" dimmed={(v) => !v.active} errorToast="Error fetching vehicles"
        errorText={<RetryState onRetry={() => vehicles.refetch()}>The vehicles could not be loaded.</RetryState>}
        emptyText={
          <EmptyState icon={CarFront} title="No vehicles yet" action={addVehicle}>
            Add the first vehicle class, then give it a rate card or fixed tiers.
          </EmptyState>
        }
      />
      <VehicleDialog open={dialog.open} onOpenChange={dialog.onOpenChange} vehicle={dialog.item} />
      <DeleteVehicleDialog vehicle={deleting} onClose={() => setDeleting(null)} />
    </>
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
    <div className="flex flex-wrap items-center justify-end gap-2">
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
