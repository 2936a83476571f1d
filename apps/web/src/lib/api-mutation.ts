// A change sent to the server, and the screens it alters refreshed: every query under the `refreshes` keys is
// invalidated once the server has done it (awaited, so the mutation settles with the lists already refetched).
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from "@tanstack/react-query";

export function useApiMutation<V, R>(
  mutationFn: (variables: V) => Promise<R>,
  {
    refreshes,
    evenOnError = false,
    onSuccess,
  }: {
    refreshes: readonly QueryKey[];
    /** Refresh after a refusal too (the server may have done part of it, or the screen be out of date). */
    evenOnError?: boolean;
    /** Runs first on success (e.g. puts the answer in the cache). */
    onSuccess?: (answer: R, variables: V, queryClient: QueryClient) => void;
  },
) {
  const qc = useQueryClient();
  const refresh = () => Promise.all(refreshes.map((queryKey) => qc.invalidateQueries({ queryKey })));
  return useMutation({
    mutationFn,
    onSuccess: (answer: R, variables: V) => {
      onSuccess?.(answer, variables, qc);
      return evenOnError ? undefined : refresh();
    },
    onSettled: evenOnError ? refresh : undefined,
  });
}
