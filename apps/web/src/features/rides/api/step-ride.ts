import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BookingStatus } from "@meridian/shared/booking-status";
import { api } from "@/lib/api";
import { myRidesQueryOptions, type MyRides } from "./get-my-rides";
import { rideKeys } from "@/lib/query-keys";

export const stepRide = (id: string, status: BookingStatus) => api<MyRides>(`/api/staff/rides/${encodeURIComponent(id)}/status`, { method: "POST", json: { status } });

export function useStepRide() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: BookingStatus }) => stepRide(id, status),
    onSuccess: (data) => qc.setQueryData(myRidesQueryOptions.queryKey, data),
    onError: () => qc.invalidateQueries({ queryKey: rideKeys.mine() }),
  });
}
