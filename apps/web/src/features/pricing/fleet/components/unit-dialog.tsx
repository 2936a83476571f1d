// Add Car / Edit Car: vehicle type, plate, colour, model year and status, checked with the shared schema before
// sending; the server's field messages (a plate taken, a year out of range) land under their fields.
import { useState, type FormEvent } from "react";
import { NEW_UNIT_DEFAULTS, UNIT_STATUS_LABELS, unitInputSchema, unitStatuses, type AdminUnit, type UnitStatus } from "@meridian/shared/fleet-units";
import type { AdminVehicle } from "@meridian/shared/fleet";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useCreateUnit, useUpdateUnit } from "../api/save-unit";

type Draft = { vehicleTypeId: string; plate: string; colour: string; year: string; status: UnitStatus };

export function UnitDialog({ open, onOpenChange, unit, vehicles }: { open: boolean; onOpenChange: (open: boolean) => void; unit: AdminUnit | null; vehicles: AdminVehicle[] }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={unit ? "Edit Car" : "Add Car"} description={unit ? `Update ${unit.plate}.` : "A car of the fleet, sent on rides of its vehicle type while it is in service."}>
        {open ? <UnitForm key={unit?.id ?? "new"} unit={unit} vehicles={vehicles} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function UnitForm({ unit, vehicles, onDone }: { unit: AdminUnit | null; vehicles: AdminVehicle[]; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(() =>
    unit
      ? { vehicleTypeId: unit.vehicleTypeId, plate: unit.plate, colour: unit.colour, year: String(unit.year), status: unit.status }
      : { vehicleTypeId: vehicles[0]?.id ?? "", plate: NEW_UNIT_DEFAULTS.plate, colour: NEW_UNIT_DEFAULTS.colour, year: String(NEW_UNIT_DEFAULTS.year), status: NEW_UNIT_DEFAULTS.status },
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateUnit();
  const update = useUpdateUnit();
  const busy = create.isPending || update.isPending;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = unitInputSchema.safeParse({ ...draft, year: draft.year.trim() === "" ? Number.NaN : Number(draft.year) });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "_")] ??= issue.message;
      setErrors(fields);
      notifyError("Validation Error", Object.values(fields)[0]);
      return;
    }
    setErrors({});
    try {
      if (unit) {
        await update.mutateAsync({ id: unit.id, patch: parsed.data });
        notifySuccess("Car Updated!", `${parsed.data.plate} has been saved.`);
      } else {
        await create.mutateAsync(parsed.data);
        notifySuccess("Car Added!", `${parsed.data.plate} is now in the fleet.`);
      }
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      else if (err instanceof ApiError && err.code === "plate_taken") setErrors({ plate: err.message });
      notifyError(unit ? "Error updating car" : "Error adding car", err);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <Field label="Vehicle Type" htmlFor="unit-type" error={errors.vehicleTypeId}>
        <Select value={draft.vehicleTypeId} onValueChange={(vehicleTypeId) => set({ vehicleTypeId })}>
          <SelectTrigger id="unit-type" aria-invalid={Boolean(errors.vehicleTypeId)}>
            <SelectValue placeholder="Choose a vehicle type" />
          </SelectTrigger>
          <SelectContent>
            {vehicles.map((v) => (
              <SelectItem key={v.id} value={v.id}>
                {v.name}
                {v.active ? "" : " (inactive)"}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Plate" htmlFor="unit-plate" error={errors.plate}>
          <Input id="unit-plate" autoFocus placeholder="e.g. 8MER101" value={draft.plate} maxLength={12} className="uppercase" aria-invalid={Boolean(errors.plate)} onChange={(e) => set({ plate: e.target.value })} />
        </Field>
        <Field label="Year" htmlFor="unit-year" error={errors.year}>
          <Input id="unit-year" type="number" inputMode="numeric" min={1950} step={1} value={draft.year} aria-invalid={Boolean(errors.year)} onChange={(e) => set({ year: e.target.value })} />
        </Field>
      </div>
      <Field label="Colour" htmlFor="unit-colour" error={errors.colour}>
        <Input id="unit-colour" placeholder="e.g. Black" value={draft.colour} maxLength={40} aria-invalid={Boolean(errors.colour)} onChange={(e) => set({ colour: e.target.value })} />
      </Field>
      <Field label="Status" htmlFor="unit-status" error={errors.status}>
        <Select value={draft.status} onValueChange={(status) => set({ status: status as UnitStatus })}>
          <SelectTrigger id="unit-status">
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
      </Field>
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner className="size-4 border-background/30 border-t-background" /> : null}
          {unit ? "Save Changes" : "Add Car"}
        </Button>
      </div>
    </form>
  );
}
