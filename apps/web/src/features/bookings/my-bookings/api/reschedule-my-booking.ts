import type { RescheduleInput } from "@meridian/shared/rides";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api-mutation";
import { myBookingResponseSchema } from "@meridian/shared/bookings/answers";
import { bookingKeys } from "@/lib/query-keys";

export const rescheduleMyBooking = (id: string, input: RescheduleInput) =>
  api(`/api/me/bookings/${encodeURIComponent(id)}/reschedule`, myBookingResponseSchema, { method: "POST", json: input });

export const useRescheduleMyBooking = () =>
  useApiMutation(({ id, input }: { id: string; input: RescheduleInput }) => rescheduleMyBooking(id, input), { refreshes: [bookingKeys.mine()], evenOnError: true });
