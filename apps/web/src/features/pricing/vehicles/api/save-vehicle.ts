import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { VehicleInput, VehicleUpdate } from "@meridian/shared/fleet";
import { api } from "@/lib/api";
import { invalidateFleet } from "./invalidate-fleet";
import { adminVehicleResponseSchema } from "@meridian/shared/pricing/answers";

export const createVehicle = (input: VehicleInput) =>
  api("/api/admin/vehicles", adminVehicleResponseSchema, { method: "POST", json: input }).then((r) => r.vehicle);

export const updateVehicle = (id: string, patch: VehicleUpdate) =>
  api(`/api/admin/vehicles/${id}`, adminVehicleResponseSchema, { method: "PATCH", json: patch }).then((r) => r.vehicle);

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
