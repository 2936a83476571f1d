import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StaffRide } from "@meridian/shared/rides";
import { api } from "@/lib/api";
import { rideKeys } from "@/lib/query-keys";

export type MyRides = { rides: StaffRide[]; timeZone: string };
export const getMyRides = () => api<MyRides>("/api/staff/rides");
export const myRidesQueryOptions = queryOptions({ queryKey: rideKeys.mine(), queryFn: getMyRides });
export const useMyRides = () => useQuery(myRidesQueryOptions);
