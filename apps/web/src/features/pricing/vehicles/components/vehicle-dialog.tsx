// Add Vehicle / Edit Vehicle: the defaults (name empty, base fee 0, passengers 1, luggage 1, inactive until
// priced) and rules (name required, passengers at least 1, luggage at least 0, fee in cents), the shared schema's.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { NEW_VEHICLE_DEFAULTS, passengersFromInput, vehicleInputSchema, type AdminVehicle, type VehicleInput } from "@meridian/shared/fleet";
import type { z } from "zod";
import { NumberField, numberOr, SwitchField, TextField } from "@/components/form/fields";
import { Form, FormActions } from "@/components/form/form";
import { addEditToasts, useSaveDialog } from "@/components/form/use-save-dialog";
import { FormDialog } from "@/components/form/form-dialog";
import { useCreateVehicle, useUpdateVehicle } from "../api/save-vehicle";

type VehicleValues = z.output<typeof vehicleInputSchema>;

const toForm = (v: Pick<AdminVehicle, "name" | "baseFeeUsd" | "passengerCapacity" | "luggageCapacity" | "active">): VehicleInput => ({
  name: v.name,
  baseFeeUsd: v.baseFeeUsd,
  passengerCapacity: v.passengerCapacity,
  luggageCapacity: v.luggageCapacity,
  active: v.active,
});

export function VehicleDialog({ open, onOpenChange, vehicle }: { open: boolean; onOpenChange: (open: boolean) => void; vehicle: AdminVehicle | null }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={vehicle ? "Edit Vehicle" : "Add Vehicle"}
      description={vehicle ? `Update ${vehicle.name} in the catalogue.` : "A new vehicle class for ride bookings. Set its pricing next."}
    >
      <VehicleForm key={vehicle?.id ?? "new"} vehicle={vehicle} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function VehicleForm({ vehicle, onDone }: { vehicle: AdminVehicle | null; onDone: () => void }) {
  const create = useCreateVehicle();
  const update = useUpdateVehicle();
  const form = useForm<VehicleInput, unknown, VehicleValues>({ resolver: zodResolver(vehicleInputSchema), defaultValues: toForm(vehicle ?? NEW_VEHICLE_DEFAULTS) });

  const toasts = addEditToasts("Vehicle", (values: VehicleValues) => values.name, "the catalogue", vehicle !== null);
  const { onSubmit, pending } = useSaveDialog({ form, editingId: vehicle?.id ?? null, create, update, ...toasts, onDone });

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-5">
      <TextField<VehicleInput> name="name" label="Vehicle Name" id="vehicle-name" autoFocus placeholder="e.g. Executive Sedan" maxLength={80} />
      <NumberField<VehicleInput> name="baseFeeUsd" label="Base Fee (USD)" id="vehicle-fee" prefix="$" min={0} step={0.01} setValueAs={numberOr(0)} />
      <div className="grid grid-cols-2 gap-4">
        <NumberField<VehicleInput>
          name="passengerCapacity"
          label="Passenger Capacity"
          id="vehicle-passengers"
          inputMode="numeric"
          min={1}
          step={1}
          setValueAs={passengersFromInput}
          onBlur={(e) => form.setValue("passengerCapacity", passengersFromInput(e.currentTarget.value))}
        />
        <NumberField<VehicleInput> name="luggageCapacity" label="Luggage Capacity" id="vehicle-luggage" inputMode="numeric" min={0} step={1} setValueAs={numberOr(0)} />
      </div>
      <SwitchField<VehicleInput> name="active" id="vehicle-active" label="Active" hint="Inactive vehicles are hidden from new bookings." />
      <FormActions onCancel={onDone} pending={pending} label={vehicle ? "Save Changes" : "Add Vehicle"} />
    </Form>
  );
}
