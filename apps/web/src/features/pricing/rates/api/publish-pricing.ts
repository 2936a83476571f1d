import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PublishPricingInput } from "@meridian/shared/fleet";
import type { PricingMethod } from "@meridian/shared/pricing";
import { api } from "@/lib/api";
import { invalidateFleet } from "../../vehicles/api/invalidate-fleet";

export const publishPricing = (input: PublishPricingInput) =>
  api<{ method: PricingMethod; message: string }>("/api/admin/pricing/publish", { method: "POST", json: input });

export function usePublishPricing() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishPricing, onSuccess: () => invalidateFleet(queryClient) });
}
