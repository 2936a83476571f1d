// Toasts as the spec shows them: a title and a description; failures use the destructive style.
// Only one toast is visible at a time: a new toast takes the place of the one on screen (same id, its 5000 ms
// start again) instead of queueing behind it. Near the end of its time the old one is already leaving, and
// a toast given its id then would be taken down with it, never seen: the new toast gets a fresh id instead
// and the old one is dismissed.
import { toast } from "sonner";

export const TOAST_DURATION_MS = 5000;
/** How long before its end a toast counts as leaving (sonner takes it down over ~200 ms, timers can lag). */
const LEAVING_MS = 500;

let current: { id: number; until: number } | undefined;
let lastId = 0;

function show(kind: "success" | "error", title: string, description: string | undefined, className?: string) {
  const now = Date.now();
  let id = current?.id;
  if (!current || now >= current.until - LEAVING_MS) {
    if (current) toast.dismiss(current.id);
    id = ++lastId;
  }
  toast[kind](title, { id, description, duration: TOAST_DURATION_MS, className });
  current = { id: id!, until: now + TOAST_DURATION_MS };
}

export function notifySuccess(title: string, description?: string) {
  show("success", title, description);
}

export function notifyError(title: string, error?: unknown) {
  const description =
    typeof error === "string" ? error : error instanceof Error && error.message ? error.message : "Something went wrong";
  show("error", title, description, "toast-destructive");
}
