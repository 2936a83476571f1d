import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TierInput, TierUpdate } from "@meridian/shared/fleet";
import { api } from "@/lib/api";
import { invalidateFleet } from "../../vehicles/api/invalidate-fleet";
import { okAnswerSchema, tierResponseSchema } from "@meridian/shared/pricing/answers";

export const createTier = (input: TierInput) =>
  api("/api/admin/pricing/tiers", tierResponseSchema, { method: "POST", json: input }).then((r) => r.tier);

export const updateTier = (id: string, patch: TierUpdate) =>
  api(`/api/admin/pricing/tiers/${id}`, tierResponseSchema, { method: "PATCH", json: patch }).then((r) => r.tier);

export const deleteTier = (id: string) => api(`/api/admin/pricing/tiers/${id}`, okAnswerSchema, { method: "DELETE" });

/** Creates a tier (no id) or updates one. */
export function useSaveTier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: TierInput }) => {
      if (!id) return createTier(input);
      const { vehicleTypeId: _v, ...patch } = input;
      return updateTier(id, patch);
    },
    onSuccess: () => invalidateFleet(queryClient),
  });
}

export function useDeleteTier() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteTier, onSuccess: () => invalidateFleet(queryClient) });
}
