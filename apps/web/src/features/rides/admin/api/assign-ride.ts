import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminBookingDetail } from "@meridian/shared/admin";
import type { AssignmentInput } from "@meridian/shared/rides";
import { api } from "@/lib/api";
import { bookingKeys, rideKeys, adminKeys } from "@/lib/query-keys";

const path = (id: string) => `/api/admin/bookings/${encodeURIComponent(id)}/assignment`;
export const assignRide = (id: string, input: AssignmentInput) => api<{ booking: AdminBookingDetail }>(path(id), { method: "PUT", json: input });
export const unassignRide = (id: string) => api<{ booking: AdminBookingDetail }>(path(id), { method: "DELETE" });

function useInvalidateDesk() {
  const qc = useQueryClient();
  return () => Promise.all([rideKeys.dispatch(), bookingKeys.all(), adminKeys.audit()].map((queryKey) => qc.invalidateQueries({ queryKey })));
}

export function useAssignRide() {
  const invalidate = useInvalidateDesk();
  return useMutation({ mutationFn: ({ id, input }: { id: string; input: AssignmentInput }) => assignRide(id, input), onSettled: invalidate });
}

export function useUnassignRide() {
  const invalidate = useInvalidateDesk();
  return useMutation({ mutationFn: unassignRide, onSettled: invalidate });
}
