import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminRateCard, RateCardInput } from "@meridian/shared/fleet";
import { api } from "@/lib/api";
import { invalidateFleet } from "../../vehicles/api/invalidate-fleet";

export const saveRateCard = (vehicleId: string, input: RateCardInput) =>
  api<{ rateCard: AdminRateCard }>(`/api/admin/pricing/rate-cards/${vehicleId}`, { method: "PUT", json: input }).then((r) => r.rateCard);

export function useSaveRateCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ vehicleId, input }: { vehicleId: string; input: RateCardInput }) => saveRateCard(vehicleId, input),
    onSuccess: () => invalidateFleet(queryClient),
  });
}
