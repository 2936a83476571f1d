// Toasts as the spec shows them: a title and a description; failures use the destructive style.
// Only one toast is visible at a time: every toast shares one id, so a new toast replaces the one
// on screen (and restarts its 5000 ms) instead of queueing behind it.
import { toast } from "sonner";

export const TOAST_DURATION_MS = 5000;
const TOAST_ID = "meridian-toast";

export function notifySuccess(title: string, description?: string) {
  toast.success(title, { id: TOAST_ID, description, duration: TOAST_DURATION_MS, className: undefined });
}

export function notifyInfo(title: string, description?: string) {
  toast.info(title, { id: TOAST_ID, description, duration: TOAST_DURATION_MS, className: undefined });
}

export function notifyError(title: string, error?: unknown) {
  const description =
    typeof error === "string" ? error : error instanceof Error && error.message ? error.message : "Something went wrong";
  toast.error(title, { id: TOAST_ID, description, duration: TOAST_DURATION_MS, className: "toast-destructive" });
}
