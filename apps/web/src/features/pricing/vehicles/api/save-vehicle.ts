import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminVehicle, VehicleInput, VehicleUpdate } from "@meridian/shared/fleet";
import { api } from "@/lib/api";
import { invalidateFleet } from "./invalidate-fleet";

export const createVehicle = (input: VehicleInput) =>
  api<{ vehicle: AdminVehicle }>("/api/admin/vehicles", { method: "POST", json: input }).then((r) => r.vehicle);

export const updateVehicle = (id: string, patch: VehicleUpdate) =>
  api<{ vehicle: AdminVehicle }>(`/api/admin/vehicles/${id}`, { method: "PATCH", json: patch }).then((r) => r.vehicle);

export function useCreateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createVehicle, onSuccess: () => invalidateFleet(queryClient) });
}

export function useUpdateVehicle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: VehicleUpdate }) => updateVehicle(id, patch),
    onSettled: () => invalidateFleet(queryClient),
  });
}
