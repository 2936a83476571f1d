import { useMutation, useQueryClient } from "@tanstack/react-query";
import { profileSchema, type UpdateProfileInput } from "@meridian/shared/profile";
import { api } from "@/lib/api";
import { profileQueryOptions } from "@/lib/auth/get-profile";

import { sessionKeys } from "@/lib/query-keys";

/** PATCH /api/me/profile: full name and phone. */
export const updateProfile = (input: UpdateProfileInput) =>
  api("/api/me/profile", profileSchema, { method: "PATCH", json: input });

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async (profile) => {
      const { queryKey } = profileQueryOptions(profile.id);
      queryClient.setQueryData(queryKey, profile);
      // The header shows the name from the profile (and the session); reload both.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        queryClient.invalidateQueries({ queryKey: sessionKeys.session() }),
      ]);
    },
  });
}
