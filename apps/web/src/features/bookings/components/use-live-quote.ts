// The booking dialog's live quote, shared by the ride and valet tabs: the form's input (null while it is
// incomplete or invalid) is debounced, priced by the server, shown while fresh, and each failure toasted once.
import type { UseQueryResult } from "@tanstack/react-query";
import { useEffect, useMemo, useRef } from "react";
import { useDebouncedValue } from "@/hooks/use-debounced-value";

const QUOTE_DEBOUNCE_MS = 250;

export function useLiveQuote<I, R>(input: I | null, useQuote: (input: I | null) => UseQueryResult<R>, onError: (err: unknown) => void) {
  const inputJson = input ? JSON.stringify(input) : null;
  const debouncedJson = useDebouncedValue(inputJson, QUOTE_DEBOUNCE_MS);
  const debouncedInput = useMemo(() => (debouncedJson ? (JSON.parse(debouncedJson) as I) : null), [debouncedJson]);
  const query = useQuote(debouncedInput);
  const pending = inputJson !== null && inputJson !== debouncedJson;
  const calculating = inputJson !== null && (pending || query.isFetching);
  const data = inputJson !== null && debouncedJson !== null && !query.isError ? (query.data ?? null) : null;

  // Toast each quote failure once (the shown quote is cleared).
  const lastError = useRef(0);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;
  useEffect(() => {
    if (query.isError && query.errorUpdatedAt !== lastError.current && !query.isFetching) {
      lastError.current = query.errorUpdatedAt;
      onErrorRef.current(query.error);
    }
  }, [query.isError, query.errorUpdatedAt, query.error, query.isFetching]);

  return { data, calculating, isError: query.isError, error: query.isError ? query.error : null, refetch: query.refetch, updatedAt: query.dataUpdatedAt };
}
