// GET/PUT /api/admin/settings/<section> (Company, Payments, Maps, Email/SMS, Features): one query and one save per
// section; a save refreshes the public settings (footer, switches) and the audit log.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { SectionValue, SettingsSection } from "@meridian/shared/settings";
import { api } from "@/lib/api";

import { settingsKeys, adminKeys } from "@/lib/query-keys";

/** A section's answer: the section under its name, and whatever the tab shows beside it (e.g. Payments' provider). */
export type SectionAnswer<S extends SettingsSection, Extra = unknown> = { [K in S]: SectionValue[S] } & Extra;

export const sectionQueryOptions = <S extends SettingsSection, Extra = unknown>(section: S) =>
  queryOptions({ queryKey: adminKeys.settingsSection(section), queryFn: () => api<SectionAnswer<S, Extra>>(`/api/admin/settings/${section}`) });

export const useSettingsSection = <S extends SettingsSection, Extra = unknown>(section: S) => useQuery(sectionQueryOptions<S, Extra>(section));

export function useSaveSettingsSection<S extends SettingsSection, Extra = unknown>(section: S) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SectionValue[S]) => api<SectionAnswer<S, Extra>>(`/api/admin/settings/${section}`, { method: "PUT", json: input }),
    onSuccess: (data) => {
      qc.setQueryData(sectionQueryOptions<S, Extra>(section).queryKey, data);
      return Promise.all([qc.invalidateQueries({ queryKey: settingsKeys.public() }), qc.invalidateQueries({ queryKey: adminKeys.audit() })]);
    },
  });
}
