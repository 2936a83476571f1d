// Delete with a confirmation; when bookings still use the vehicle the server refuses (vehicle_in_use)
// and the dialog offers to deactivate it instead.
import { useState } from "react";
import type { AdminVehicle } from "@meridian/shared/fleet";
import { AlertTriangle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { ApiError } from "@/lib/api";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useDeleteVehicle } from "../api/delete-vehicle";
import { useUpdateVehicle } from "../api/save-vehicle";

export function DeleteVehicleDialog({ vehicle, onClose }: { vehicle: AdminVehicle | null; onClose: () => void }) {
  return (
    <Dialog open={Boolean(vehicle)} onOpenChange={(open) => !open && onClose()}>
      {vehicle ? <DeleteVehicleContent key={vehicle.id} vehicle={vehicle} onClose={onClose} /> : null}
    </Dialog>
  );
}

function DeleteVehicleContent({ vehicle, onClose }: { vehicle: AdminVehicle; onClose: () => void }) {
  const [inUse, setInUse] = useState<string | null>(null);
  const remove = useDeleteVehicle();
  const update = useUpdateVehicle();

  async function confirmDelete() {
    try {
      await remove.mutateAsync(vehicle.id);
      notifySuccess("Vehicle Deleted", `${vehicle.name} was removed with its pricing.`);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.code === "vehicle_in_use") setInUse(err.message);
      else notifyError("Error deleting vehicle", err);
    }
  }

  async function deactivate() {
    try {
      await update.mutateAsync({ id: vehicle.id, patch: { active: false } });
      notifySuccess("Status Updated", `${vehicle.name} is now inactive and hidden from new bookings.`);
      onClose();
    } catch (err) {
      notifyError("Error updating status", err);
    }
  }

  if (inUse) {
    return (
      <DialogContent title="Vehicle in use" description={`${vehicle.name} can't be deleted.`}>
        <div className="flex gap-3 rounded-lg border border-amber-400/30 bg-amber-400/5 p-4 text-sm leading-relaxed text-foreground/90" role="alert">
          <AlertTriangle className="mt-0.5 size-5 shrink-0 text-amber-300" />
          <p>{inUse}</p>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onClose}>
            Keep as is
          </Button>
          {vehicle.active ? (
            <Button onClick={deactivate} disabled={update.isPending}>
              Deactivate instead
            </Button>
          ) : null}
        </div>
      </DialogContent>
    );
  }

  return (
    <DialogContent title={`Delete ${vehicle.name}?`} description="This removes the vehicle with its rate card and fixed tiers. It cannot be undone.">
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button variant="destructive" onClick={confirmDelete} disabled={remove.isPending}>
          Delete Vehicle
        </Button>
      </div>
    </DialogContent>
  );
}
