import type { ShiftWarning } from "@meridian/shared/availability";
import { api } from "@/lib/api";

/** What removing a shift would strand (asked just before removing it, so never cached). */
export const getShiftImpact = (id: string) => api<{ warnings: ShiftWarning[] }>(`/api/admin/shifts/${encodeURIComponent(id)}/impact`).then((r) => r.warnings);
