// Toasts as the spec shows them: a title and a description; failures use the destructive style.
// Only one toast is visible at a time: a new toast dismisses the one on screen instead of queueing behind
// it. Each toast has its own id: re-using one id would let a toast shown while the previous one is leaving
// (its last 200 ms) be removed along with it, so it would never be seen.
import { toast } from "sonner";

export const TOAST_DURATION_MS = 5000;

let current: string | number | undefined;

function show(kind: "success" | "info" | "error", title: string, description: string | undefined, className?: string) {
  if (current !== undefined) toast.dismiss(current);
  current = toast[kind](title, { description, duration: TOAST_DURATION_MS, className });
}

export function notifySuccess(title: string, description?: string) {
  show("success", title, description);
}

export function notifyInfo(title: string, description?: string) {
  show("info", title, description);
}

export function notifyError(title: string, error?: unknown) {
  const description =
    typeof error === "string" ? error : error instanceof Error && error.message ? error.message : "Something went wrong";
  show("error", title, description, "toast-destructive");
}
