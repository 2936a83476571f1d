import { useEffect } from "react";
import { notifyError } from "@/lib/notify";

/** Says `title` (with the error's message) once each time a query fails: a list that could not be read. */
export function useErrorToast(isError: boolean, error: unknown, title: string) {
  useEffect(() => {
    if (isError) notifyError(title, error);
  }, [isError, error, title]);
}
