import { useMutation, useQueryClient } from "@tanstack/react-query";
import { unitResponseSchema, type UnitInput, type UnitUpdate } from "@meridian/shared/fleet-units";
import { api } from "@/lib/api";

import { rideKeys, pricingKeys } from "@/lib/query-keys";

export const createUnit = (input: UnitInput) => api("/api/admin/fleet/units", unitResponseSchema, { method: "POST", json: input }).then((r) => r.unit);

export const updateUnit = (id: string, patch: UnitUpdate) =>
  api(`/api/admin/fleet/units/${encodeURIComponent(id)}`, unitResponseSchema, { method: "PATCH", json: patch }).then((r) => r.unit);

/** The fleet list, and the dispatch board (its car choices). */
function useInvalidateUnits() {
  const qc = useQueryClient();
  return () => Promise.all([qc.invalidateQueries({ queryKey: pricingKeys.units() }), qc.invalidateQueries({ queryKey: rideKeys.dispatch() })]);
}

export function useCreateUnit() {
  const invalidate = useInvalidateUnits();
  return useMutation({ mutationFn: createUnit, onSuccess: invalidate });
}

export function useUpdateUnit() {
  const invalidate = useInvalidateUnits();
  return useMutation({ mutationFn: ({ id, patch }: { id: string; patch: UnitUpdate }) => updateUnit(id, patch), onSettled: invalidate });
}
