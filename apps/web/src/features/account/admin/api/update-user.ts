import { adminUserResponseSchema, type AdminUpdateUserInput } from "@meridian/shared/admin";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api-mutation";
import { userKeys, adminKeys } from "@/lib/query-keys";

export const updateUser = (id: string, input: AdminUpdateUserInput) =>
  api(`/api/admin/users/${encodeURIComponent(id)}`, adminUserResponseSchema, { method: "PATCH", json: input });

export const useUpdateUser = () =>
  useApiMutation(({ id, input }: { id: string; input: AdminUpdateUserInput }) => updateUser(id, input), { refreshes: [userKeys.all(), adminKeys.audit()] });
