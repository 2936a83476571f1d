import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api";
import { okAnswerSchema } from "@meridian/shared/pricing/answers";
import { invalidateFleet } from "./invalidate-fleet";

export const deleteVehicle = (id: string) => api(`/api/admin/vehicles/${id}`, okAnswerSchema, { method: "DELETE" });

export function useDeleteVehicle() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteVehicle, onSuccess: () => invalidateFleet(queryClient) });
}
