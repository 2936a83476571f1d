import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PublishPricingInput } from "@meridian/shared/fleet";

import { api } from "@/lib/api";
import { invalidateFleet } from "../../vehicles/api/invalidate-fleet";
import { publishedPricingSchema } from "@meridian/shared/pricing/answers";

export const publishPricing = (input: PublishPricingInput) =>
  api("/api/admin/pricing/publish", publishedPricingSchema, { method: "POST", json: input });

export function usePublishPricing() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: publishPricing, onSuccess: () => invalidateFleet(queryClient) });
}
