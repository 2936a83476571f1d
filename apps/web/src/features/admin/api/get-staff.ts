import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StaffMember } from "@meridian/shared/rides";
import { api } from "@/lib/api";

export const staffQueryOptions = queryOptions({ queryKey: ["admin", "staff"], queryFn: () => api<{ staff: StaffMember[] }>("/api/admin/staff") });
export const useStaff = () => useQuery(staffQueryOptions);
