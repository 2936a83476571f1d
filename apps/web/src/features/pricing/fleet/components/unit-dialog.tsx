// Add Car / Edit Car: vehicle type, plate, colour, model year and status, checked with the shared schema before
// sending; the server's field messages (a plate taken, a year out of range) land under their fields.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { NEW_UNIT_DEFAULTS, UNIT_STATUS_LABELS, unitInputSchema, unitStatuses, type AdminUnit, type NewUnit, type UnitInput } from "@meridian/shared/fleet-units";
import type { AdminVehicle } from "@meridian/shared/fleet";
import { NumberField, numberOr, SelectField, TextField } from "@/components/form/fields";
import { Form, FormActions } from "@/components/form/form";
import { addEditToasts, useSaveDialog } from "@/components/form/use-save-dialog";
import { FormDialog } from "@/components/form/form-dialog";
import { ApiError } from "@/lib/api";
import { useCreateUnit, useUpdateUnit } from "../api/save-unit";

const statusOptions = unitStatuses.map((value) => ({ value, label: UNIT_STATUS_LABELS[value] }));

export function UnitDialog({ open, onOpenChange, unit, vehicles }: { open: boolean; onOpenChange: (open: boolean) => void; unit: AdminUnit | null; vehicles: AdminVehicle[] }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={unit ? "Edit Car" : "Add Car"}
      description={unit ? `Update ${unit.plate}.` : "A car of the fleet, sent on rides of its vehicle type while it is in service."}
    >
      <UnitForm key={unit?.id ?? "new"} unit={unit} vehicles={vehicles} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function UnitForm({ unit, vehicles, onDone }: { unit: AdminUnit | null; vehicles: AdminVehicle[]; onDone: () => void }) {
  const create = useCreateUnit();
  const update = useUpdateUnit();
  const form = useForm<UnitInput, unknown, NewUnit>({
    resolver: zodResolver(unitInputSchema),
    defaultValues: unit
      ? { vehicleTypeId: unit.vehicleTypeId, plate: unit.plate, colour: unit.colour, year: unit.year, status: unit.status }
      : { ...NEW_UNIT_DEFAULTS, vehicleTypeId: vehicles[0]?.id ?? "" },
  });
  const vehicleOptions = vehicles.map((v) => ({ value: v.id, label: `${v.name}${v.active ? "" : " (inactive)"}` }));

  const { onSubmit, pending } = useSaveDialog({
    form,
    editingId: unit?.id ?? null,
    create,
    update,
    ...addEditToasts("Car", (values: NewUnit) => values.plate, "the fleet", unit !== null),
    onServerError: (err) => {
      if (err instanceof ApiError && !err.fields && err.code === "plate_taken") form.setError("plate", { type: "server", message: err.message });
    },
    onDone,
  });

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-5">
      <SelectField<UnitInput> name="vehicleTypeId" label="Vehicle Type" id="unit-type" placeholder="Choose a vehicle type" options={vehicleOptions} />
      <div className="grid grid-cols-2 gap-4">
        <TextField<UnitInput> name="plate" label="Plate" id="unit-plate" autoFocus placeholder="e.g. 8MER101" maxLength={12} className="uppercase" />
        <NumberField<UnitInput> name="year" label="Year" id="unit-year" inputMode="numeric" min={1950} step={1} setValueAs={numberOr(Number.NaN)} />
      </div>
      <TextField<UnitInput> name="colour" label="Colour" id="unit-colour" placeholder="e.g. Black" maxLength={40} />
      <SelectField<UnitInput> name="status" label="Status" id="unit-status" options={statusOptions} />
      <FormActions onCancel={onDone} pending={pending} label={unit ? "Save Changes" : "Add Car"} />
    </Form>
  );
}
