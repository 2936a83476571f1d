import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { invalidateFleet } from "./invalidate-fleet";

export const deleteVehicle = (id: string) => api<{ ok: true }>(`/api/admin/vehicles/${id}`, { method: "DELETE" });

export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteVehicle, onSuccess: () => invalidateFleet(queryClient) });
}
