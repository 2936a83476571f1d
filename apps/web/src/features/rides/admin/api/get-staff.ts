import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StaffMember } from "@meridian/shared/rides";
import { api } from "@/lib/api";
import { rideKeys } from "@/lib/query-keys";

export const staffQueryOptions = queryOptions({ queryKey: rideKeys.staff(), queryFn: () => api<{ staff: StaffMember[] }>("/api/admin/staff") });
export const useStaff = () => useQuery(staffQueryOptions);
