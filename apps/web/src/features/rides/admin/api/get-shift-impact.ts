
import { api } from "@/lib/api";
import { shiftWarningsResponseSchema } from "@meridian/shared/rides/answers";

/** What removing a shift would strand (asked just before removing it, so never cached). */
export const getShiftImpact = (id: string) => api(`/api/admin/shifts/${encodeURIComponent(id)}/impact`, shiftWarningsResponseSchema).then((r) => r.warnings);
