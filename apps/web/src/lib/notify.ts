// Toasts as the spec shows them: a title and a description; failures use the destructive style.
import { toast } from "sonner";

export const TOAST_DURATION_MS = 5000;

export function notifySuccess(title: string, description?: string) {
  toast.success(title, { description, duration: TOAST_DURATION_MS });
}

export function notifyError(title: string, error?: unknown) {
  const description =
    typeof error === "string" ? error : error instanceof Error && error.message ? error.message : "Something went wrong";
  toast.error(title, { description, duration: TOAST_DURATION_MS, className: "toast-destructive" });
}
