// /admin/fleet: the cars under each vehicle type (plate, colour, year, status). The status saves at once (a car on
// a coming ride cannot leave service: the server's sentence says which rides to move first); Edit opens the dialog.
import { useMemo } from "react";
import { CarFront, Pencil, Plus } from "lucide-react";
import { UNIT_STATUS_LABELS, unitStatuses, type AdminUnit, type UnitStatus } from "@meridian/shared/fleet-units";
import { Button } from "@/components/ui/button";
import { OptionSelect } from "@/components/ui/select";
import { useItemDialog } from "@/hooks/use-item-dialog";
import { notifyError, notifySuccess } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { PageHeading } from "@/components/admin/fleet-ui";
import type { Column } from "@/components/data-table/data-table";
import { useListFilters, type FilterDef } from "@/components/data-table/filter-bar";
import { EmptyState, ListPage, RetryState } from "@/components/data-table/list-page";
import { useAdminVehicles } from "../vehicles/api/get-admin-vehicles";
import { useUnits } from "./api/get-units";
import { useUpdateUnit } from "./api/save-unit";
import { UnitDialog } from "./components/unit-dialog";

const ALL = "all";
type FleetFilters = { type: string; page: number };
const STATUS_OPTIONS = unitStatuses.map((s) => ({ value: s, label: UNIT_STATUS_LABELS[s] }));

export default function FleetPage() {
  const units = useUnits();
  const vehicles = useAdminVehicles();
  const dialog = useItemDialog<AdminUnit>();
  const types = useMemo(() => vehicles.data ?? [], [vehicles.data]);
  const defs = useMemo<FilterDef<FleetFilters>[]>(
    () => [{ kind: "select", key: "type", id: "fleet-type", label: "Vehicle type", className: "w-56", options: [{ value: ALL, label: "All vehicle types" }, ...types.map((v) => ({ value: v.id, label: v.name }))] }],
    [types],
  );
  const filters = useListFilters<FleetFilters>({ type: ALL, page: 1 }, defs);
  const { type } = filters.filters;
  const inService = (units.data ?? []).filter((u) => u.status === "in_service").length;
  const addCar = (
    <Button onClick={dialog.add} disabled={!types.length}>
      <Plus /> Add Car
    </Button>
  );
  const columns: Column<AdminUnit>[] = [
    { header: "Plate", className: "font-medium tracking-wider text-foreground", sortValue: (u) => u.plate, cell: (u) => u.plate },
    { header: "Vehicle Type", sortValue: (u) => u.vehicleTypeName, cell: (u) => u.vehicleTypeName },
    { header: "Colour", cell: (u) => u.colour },
    { header: "Year", className: "tabular-nums", sortValue: (u) => u.year, cell: (u) => u.year },
    { header: "Status", cell: (u) => <StatusSelect unit={u} /> },
    {
      header: "Actions",
      actions: true,
      align: "right",
      cell: (u) => (
        <Button variant="ghost" size="sm" onClick={() => dialog.edit(u)} aria-label={`Edit ${u.plate}`}>
          <Pencil /> Edit
        </Button>
      ),
    },
  ];

  return (
    <>
      <div className="mb-8">
        <PageHeading eyebrow="Fleet" title="Fleet" actions={addCar}>
          The cars behind each vehicle type. Dispatch sends only cars in service, never one car on two overlapping rides.{" "}
          {units.data?.length ? `${inService} of ${units.data.length} in service.` : null}
        </PageHeading>
      </div>
      <ListPage
        label="Cars" query={units} filters={filters} columns={columns} rows={(all) => all.filter((u) => type === ALL || u.vehicleTypeId === type)}
        rowTestId="unit-row" dimmed={(u) => u.status === "retired"} errorToast="Error fetching cars"
        errorText={<RetryState onRetry={() => units.refetch()}>The cars could not be loaded.</RetryState>}
        emptyText={
          <EmptyState icon={CarFront} title="No cars yet" action={addCar}>
            Add the cars of each vehicle type: their plate, colour and year. Dispatch sends them with the chauffeur.
          </EmptyState>
        }
      />
      <UnitDialog open={dialog.open} onOpenChange={dialog.onOpenChange} unit={dialog.item} vehicles={types} />
    </>
  );
}

function StatusSelect({ unit }: { unit: AdminUnit }) {
  const update = useUpdateUnit();
  const shown = update.isPending && update.variables?.patch.status ? update.variables.patch.status : unit.status;
  async function change(status: UnitStatus) {
    if (status === unit.status) return;
    try {
      await update.mutateAsync({ id: unit.id, patch: { status } });
      notifySuccess("Status Updated", `${unit.plate} is now ${UNIT_STATUS_LABELS[status].toLowerCase()}.`);
    } catch (err) {
      notifyError("Error updating status", err);
    }
  }
  return (
    <OptionSelect
      id={`unit-status-${unit.id}`}
      label={`Status: ${unit.plate}`}
      value={shown}
      onValueChange={change}
      disabled={update.isPending}
      options={STATUS_OPTIONS}
      className={cn("h-9 w-40", shown === "in_service" ? "text-success" : shown === "maintenance" ? "text-amber-300" : "text-muted")}
    />
  );
}
