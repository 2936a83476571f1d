import type { CreateStaffInput } from "@meridian/shared/rides";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api-mutation";
import { rideKeys, userKeys, adminKeys } from "@/lib/query-keys";
import { staffCreatedSchema } from "@meridian/shared/rides/answers";

export const addStaff = (input: CreateStaffInput) => api("/api/admin/staff", staffCreatedSchema, { method: "POST", json: input });

export const useAddStaff = () => useApiMutation(addStaff, { refreshes: [rideKeys.staff(), userKeys.all(), adminKeys.audit()] });
