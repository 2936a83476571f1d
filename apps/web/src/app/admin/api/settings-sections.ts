// GET/PUT /api/admin/settings/<section> (Company, Payments, Maps, Email/SMS, Features): one query and one save per
// section; a save refreshes the public settings (footer, switches) and the audit log.
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { SectionValue, SettingsSection } from "@meridian/shared/settings";
import { settingsSectionAnswers } from "@meridian/shared/settings/answers";
import { api } from "@/lib/api";

import { settingsKeys, adminKeys } from "@/lib/query-keys";

/** A section's answer: the section under its name, and whatever the tab shows beside it (e.g. Payments' provider). */
export type SectionAnswer<S extends SettingsSection> = z.output<(typeof settingsSectionAnswers)[S]>;

const sectionAnswer = <S extends SettingsSection>(section: S) => settingsSectionAnswers[section] as unknown as z.ZodType<SectionAnswer<S>>;

export const sectionQueryOptions = <S extends SettingsSection>(section: S) =>
  queryOptions({ queryKey: adminKeys.settingsSection(section), queryFn: () => api(`/api/admin/settings/${section}`, sectionAnswer(section)) });

export const useSettingsSection = <S extends SettingsSection>(section: S) => useQuery(sectionQueryOptions(section));

export function useSaveSettingsSection<S extends SettingsSection>(section: S) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: SectionValue[S]) => api(`/api/admin/settings/${section}`, sectionAnswer(section), { method: "PUT", json: input }),
    onSuccess: (data) => {
      qc.setQueryData(sectionQueryOptions(section).queryKey, data);
      return Promise.all([qc.invalidateQueries({ queryKey: settingsKeys.public() }), qc.invalidateQueries({ queryKey: adminKeys.audit() })]);
    },
  });
}
