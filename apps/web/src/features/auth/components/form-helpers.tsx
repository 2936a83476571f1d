// Small pieces shared by the account forms: a submit button with a pending state, and server field
// errors copied under the matching inputs.
import { Loader2 } from "lucide-react";
import type { ReactNode } from "react";
import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
      {pending ? <Loader2 aria-hidden className="animate-spin" /> : null}
      {children}
    </Button>
  );
}

/** Shows the server's per-field messages (e.g. a 400 validation_error) under the fields this form has. */
export function applyServerFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
  /** Server field names that this form calls differently (e.g. { newPassword: "password" }). */
  rename: Record<string, Path<T>> = {},
) {
  if (!(err instanceof ApiError) || !err.fields) return;
  for (const [serverName, message] of Object.entries(err.fields)) {
    const name = rename[serverName] ?? serverName;
    if ((fieldNames as readonly string[]).includes(name)) setError(name as Path<T>, { type: "server", message });
  }
}

/** A quiet text button used for the links that switch between the modal's modes. */
export function ModeLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="cursor-pointer font-medium text-gold underline decoration-gold/50 underline-offset-4 transition-colors hover:text-gold-bright hover:decoration-gold"
    >
      {children}
    </button>
  );
}
