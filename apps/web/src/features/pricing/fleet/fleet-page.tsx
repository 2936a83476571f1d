// /admin/fleet: the cars under each vehicle type (plate, colour, year, status). The status saves at once (a car on
// a coming ride cannot leave service: the server's sentence says which rides to move first); Edit opens the dialog.
import { useEffect, useMemo, useState } from "react";
import { CarFront, Pencil, Plus, Wrench } from "lucide-react";
import { UNIT_STATUS_LABELS, unitStatuses, type AdminUnit, type UnitStatus } from "@meridian/shared/fleet-units";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { notifyError, notifySuccess } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { PageHeading } from "@/components/admin/fleet-ui";
import { useAdminVehicles } from "../vehicles/api/get-admin-vehicles";
import { useUnits } from "./api/get-units";
import { useUpdateUnit } from "./api/save-unit";
import { UnitDialog } from "./components/unit-dialog";

const ALL = "all";
const STATUS_TONE: Record<UnitStatus, string> = {
  in_service: "border-success/40 bg-success/10 text-success",
  maintenance: "border-amber-400/40 bg-amber-400/10 text-amber-300",
  retired: "border-border bg-surface-2 text-muted",
};

export default function FleetPage() {
  const units = useUnits();
  const vehicles = useAdminVehicles();
  const [typeFilter, setTypeFilter] = useState(ALL);
  const [editing, setEditing] = useState<AdminUnit | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);

  useEffect(() => {
    if (units.error) notifyError("Error fetching cars", units.error);
  }, [units.error]);

  const list = useMemo(() => (units.data ?? []).filter((u) => typeFilter === ALL || u.vehicleTypeId === typeFilter), [units.data, typeFilter]);
  const types = vehicles.data ?? [];
  const inService = (units.data ?? []).filter((u) => u.status === "in_service").length;
  const openAdd = () => {
    setEditing(null);
    setDialogOpen(true);
  };
  const openEdit = (u: AdminUnit) => {
    setEditing(u);
    setDialogOpen(true);
  };

  return (
    <div className="space-y-8">
      <PageHeading
        eyebrow="Fleet"
        title="Fleet"
        actions={
          <Button onClick={openAdd} disabled={!types.length}>
            <Plus /> Add Car
          </Button>
        }
      >
        The cars behind each vehicle type. Dispatch sends only cars in service, never one car on two overlapping rides.{" "}
        {units.data?.length ? `${inService} of ${units.data.length} in service.` : null}
      </PageHeading>

      <div className="flex flex-wrap items-center gap-3">
        <Select value={typeFilter} onValueChange={setTypeFilter}>
          <SelectTrigger aria-label="Vehicle type" className="w-56">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ALL}>All vehicle types</SelectItem>
            {types.map((v) => (
              <SelectItem key={v.id} value={v.id}>
                {v.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>

      <Card className="overflow-hidden p-0">
        {units.isPending ? (
          <div className="grid place-items-center py-20">
            <Spinner className="size-8" />
          </div>
        ) : units.error ? (
          <div className="flex flex-col items-center gap-4 py-16 text-center">
            <p className="text-sm text-muted">The cars could not be loaded.</p>
            <Button variant="outline" size="sm" onClick={() => units.refetch()}>
              Try again
            </Button>
          </div>
        ) : list.length === 0 ? (
          <div className="flex flex-col items-center gap-4 py-20 text-center">
            <CarFront className="size-10 text-gold/70" aria-hidden />
            <p className="font-display text-2xl">No cars yet</p>
            <p className="max-w-sm text-sm text-muted">Add the cars of each vehicle type: their plate, colour and year. Dispatch sends them with the chauffeur.</p>
            <Button onClick={openAdd} disabled={!types.length}>
              <Plus /> Add Car
            </Button>
          </div>
        ) : (
          <>
            <table className="hidden w-full text-left text-sm md:table">
              <thead className="border-b border-border bg-surface-2/60 text-[11px] uppercase tracking-[0.16em] text-muted">
                <tr>
                  <th className="px-6 py-4 font-medium">Plate</th>
                  <th className="px-4 py-4 font-medium">Vehicle Type</th>
                  <th className="px-4 py-4 font-medium">Colour</th>
                  <th className="px-4 py-4 font-medium">Year</th>
                  <th className="px-4 py-4 font-medium">Status</th>
                  <th className="px-6 py-4 text-right font-medium">Actions</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-border">
                {list.map((u) => (
                  <tr key={u.id} className={cn("transition-colors hover:bg-white/[0.02]", u.status === "retired" && "text-foreground/60")} data-testid="unit-row">
                    <td className="px-6 py-4 font-medium tracking-wider text-foreground">{u.plate}</td>
                    <td className="px-4 py-4">{u.vehicleTypeName}</td>
                    <td className="px-4 py-4">{u.colour}</td>
                    <td className="px-4 py-4 tabular-nums">{u.year}</td>
                    <td className="px-4 py-4">
                      <StatusSelect unit={u} />
                    </td>
                    <td className="px-6 py-4 text-right">
                      <Button variant="ghost" size="sm" onClick={() => openEdit(u)} aria-label={`Edit ${u.plate}`}>
                        <Pencil /> Edit
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <ul className="divide-y divide-border md:hidden">
              {list.map((u) => (
                <li key={u.id} className="space-y-3 p-5" data-testid="unit-row">
                  <div className="flex items-start justify-between gap-4">
                    <div>
                      <div className="font-medium tracking-wider">{u.plate}</div>
                      <div className="mt-1 text-sm text-muted">
                        {u.colour} {u.vehicleTypeName} · {u.year}
                      </div>
                    </div>
                    <StatusPill status={u.status} />
                  </div>
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusSelect unit={u} />
                    <Button variant="ghost" size="sm" onClick={() => openEdit(u)} aria-label={`Edit ${u.plate}`}>
                      <Pencil /> Edit
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </Card>

      <UnitDialog open={dialogOpen} onOpenChange={setDialogOpen} unit={editing} vehicles={types} />
    </div>
  );
}

function StatusPill({ status }: { status: UnitStatus }) {
  return (
    <span className={cn("inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-[11px] font-medium tracking-wide", STATUS_TONE[status])}>
      {status === "maintenance" ? <Wrench className="size-3.5" aria-hidden /> : null}
      {UNIT_STATUS_LABELS[status]}
    </span>
  );
}

function StatusSelect({ unit }: { unit: AdminUnit }) {
  const update = useUpdateUnit();
  const shown = update.isPending && update.variables?.patch.status ? update.variables.patch.status : unit.status;
  async function change(status: string) {
    if (status === unit.status) return;
    try {
      await update.mutateAsync({ id: unit.id, patch: { status: status as UnitStatus } });
      notifySuccess("Status Updated", `${unit.plate} is now ${UNIT_STATUS_LABELS[status as UnitStatus].toLowerCase()}.`);
    } catch (err) {
      notifyError("Error updating status", err);
    }
  }
  return (
    <Select value={shown} onValueChange={change} disabled={update.isPending}>
      <SelectTrigger aria-label={`Status: ${unit.plate}`} className={cn("h-9 w-40", shown === "in_service" ? "text-success" : shown === "maintenance" ? "text-amber-300" : "text-muted")}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {unitStatuses.map((s) => (
          <SelectItem key={s} value={s}>
            {UNIT_STATUS_LABELS[s]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
