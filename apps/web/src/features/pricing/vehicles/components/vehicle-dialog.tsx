// Add Vehicle / Edit Vehicle: the defaults (name empty, base fee 0, passengers 1, luggage 1, inactive until
// priced) and rules (name required, passengers at least 1, luggage at least 0, fee in cents).
import { useState, type FormEvent } from "react";
import { NEW_VEHICLE_DEFAULTS, passengersFromInput, vehicleInputSchema, type AdminVehicle } from "@meridian/shared/fleet";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { notifyError, notifySuccess } from "@/lib/notify";
import { SwitchRow, UnitInput } from "@/components/admin/fleet-ui";
import { useCreateVehicle, useUpdateVehicle } from "../api/save-vehicle";

type Draft = { name: string; baseFeeUsd: string; passengerCapacity: string; luggageCapacity: string; active: boolean };

const toDraft = (v: Pick<AdminVehicle, "name" | "baseFeeUsd" | "passengerCapacity" | "luggageCapacity" | "active">): Draft => ({
  name: v.name,
  baseFeeUsd: String(v.baseFeeUsd),
  passengerCapacity: String(v.passengerCapacity),
  luggageCapacity: String(v.luggageCapacity),
  active: v.active,
});

export function VehicleDialog({ open, onOpenChange, vehicle }: { open: boolean; onOpenChange: (open: boolean) => void; vehicle: AdminVehicle | null }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={vehicle ? "Edit Vehicle" : "Add Vehicle"}
        description={vehicle ? `Update ${vehicle.name} in the catalogue.` : "A new vehicle class for ride bookings. Set its pricing next."}
      >
        {/* Remount per vehicle so the form starts from its values. */}
        {open ? <VehicleForm key={vehicle?.id ?? "new"} vehicle={vehicle} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function VehicleForm({ vehicle, onDone }: { vehicle: AdminVehicle | null; onDone: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => toDraft(vehicle ?? NEW_VEHICLE_DEFAULTS));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateVehicle();
  const update = useUpdateVehicle();
  const busy = create.isPending || update.isPending;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const parsed = vehicleInputSchema.safeParse({
      name: draft.name,
      baseFeeUsd: draft.baseFeeUsd.trim() === "" ? 0 : Number(draft.baseFeeUsd),
      passengerCapacity: passengersFromInput(draft.passengerCapacity),
      luggageCapacity: draft.luggageCapacity.trim() === "" ? 0 : Number(draft.luggageCapacity),
      active: draft.active,
    });
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? "_")] ??= issue.message;
      setErrors(fields);
      notifyError("Validation Error", Object.values(fields)[0]);
      return;
    }
    setErrors({});
    try {
      if (vehicle) {
        await update.mutateAsync({ id: vehicle.id, patch: parsed.data });
        notifySuccess("Vehicle Updated!", `${parsed.data.name} has been saved.`);
      } else {
        await create.mutateAsync(parsed.data);
        notifySuccess("Vehicle Added!", `${parsed.data.name} is now in the catalogue.`);
      }
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      notifyError(vehicle ? "Error updating vehicle" : "Error adding vehicle", err);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <Field label="Vehicle Name" htmlFor="vehicle-name" error={errors.name}>
        <Input
          id="vehicle-name"
          autoFocus
          placeholder="e.g. Executive Sedan"
          value={draft.name}
          maxLength={80}
          aria-invalid={Boolean(errors.name)}
          onChange={(e) => set({ name: e.target.value })}
        />
      </Field>
      <Field label="Base Fee (USD)" htmlFor="vehicle-fee" error={errors.baseFeeUsd}>
        <UnitInput
          id="vehicle-fee"
          prefix="$"
          min={0}
          step={0.01}
          value={draft.baseFeeUsd}
          aria-invalid={Boolean(errors.baseFeeUsd)}
          onChange={(e) => set({ baseFeeUsd: e.target.value })}
        />
      </Field>
      <div className="grid grid-cols-2 gap-4">
        <Field label="Passenger Capacity" htmlFor="vehicle-passengers" error={errors.passengerCapacity}>
          <Input
            id="vehicle-passengers"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={draft.passengerCapacity}
            aria-invalid={Boolean(errors.passengerCapacity)}
            onChange={(e) => set({ passengerCapacity: e.target.value })}
            onBlur={() => set({ passengerCapacity: String(passengersFromInput(draft.passengerCapacity)) })}
          />
        </Field>
        <Field label="Luggage Capacity" htmlFor="vehicle-luggage" error={errors.luggageCapacity}>
          <Input
            id="vehicle-luggage"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={draft.luggageCapacity}
            aria-invalid={Boolean(errors.luggageCapacity)}
            onChange={(e) => set({ luggageCapacity: e.target.value })}
          />
        </Field>
      </div>
      <SwitchRow id="vehicle-active" label="Active" hint="Inactive vehicles are hidden from new bookings." checked={draft.active} onCheckedChange={(active) => set({ active })} />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? <Spinner className="size-4 border-background/30 border-t-background" /> : null}
          {vehicle ? "Save Changes" : "Add Vehicle"}
        </Button>
      </div>
    </form>
  );
}
