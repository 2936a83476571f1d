import { adminUserResponseSchema, type AdminCreateUserInput } from "@meridian/shared/admin";
import { api } from "@/lib/api";
import { useApiMutation } from "@/lib/api-mutation";
import { userKeys, adminKeys } from "@/lib/query-keys";

export const createUser = (input: AdminCreateUserInput) => api("/api/admin/users", adminUserResponseSchema, { method: "POST", json: input });

export const useCreateUser = () => useApiMutation(createUser, { refreshes: [userKeys.all(), adminKeys.audit(), adminKeys.overview()] });
