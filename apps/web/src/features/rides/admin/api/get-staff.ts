import { queryOptions, useQuery } from "@tanstack/react-query";

import { api } from "@/lib/api";
import { rideKeys } from "@/lib/query-keys";
import { staffListResponseSchema } from "@meridian/shared/rides/answers";

export const staffQueryOptions = queryOptions({ queryKey: rideKeys.staff(), queryFn: () => api("/api/admin/staff", staffListResponseSchema) });
export const useStaff = () => useQuery(staffQueryOptions);
