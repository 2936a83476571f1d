// The form kit: a react-hook-form form with its fields (fields.tsx) reading their messages from it, a submit
// button with a pending state, and the server's per-field messages put under the matching inputs.
import { Loader2 } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { FormProvider, useFormContext, useFormState, type FieldErrors, type FieldValues, type Path, type UseFormReturn, type UseFormSetError } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { ApiError } from "@/lib/api";
import { notifyError, notifySuccess } from "@/lib/notify";
import { cn } from "@/lib/utils";

/** A form whose fields (TextField, PasswordField, ...) find their values and messages through the form's context. */
export function Form<TInput extends FieldValues, TContext, TOutput>({
  form,
  children,
  ...props
}: Omit<ComponentProps<"form">, "noValidate"> & { form: UseFormReturn<TInput, TContext, TOutput> }) {
  return (
    <FormProvider {...form}>
      <form noValidate {...props}>
        {children}
      </form>
    </FormProvider>
  );
}

export function SubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" size="lg" className="w-full" disabled={pending} aria-busy={pending}>
      {pending ? <Loader2 aria-hidden className="animate-spin" /> : null}
      {children}
    </Button>
  );
}

/** A dialog form's footer: Cancel, and the submit button, pending: its `pendingLabel`, or a spinner by its label. */
export function FormActions({ onCancel, pending, label, pendingLabel }: { onCancel: () => void; pending: boolean; label: string; pendingLabel?: string }) {
  return (
    <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
      <Button type="button" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending && !pendingLabel ? <Spinner className="size-4 border-background/30 border-t-background" /> : null}
        {pending && pendingLabel ? pendingLabel : label}
      </Button>
    </div>
  );
}

/**
 * A settings form's footer: Revert (back to the saved values) and Save, both enabled only while the form differs
 * from what it started from (react-hook-form's isDirty).
 */
export function RevertSaveActions({ onRevert, pending, label = "Save Settings", className }: { onRevert: () => void; pending: boolean; label?: string; className?: string }) {
  const { isDirty } = useFormState({ control: useFormContext().control });
  return (
    <div className={cn("flex items-end justify-end gap-3", className)}>
      <Button type="button" variant="ghost" disabled={!isDirty || pending} onClick={onRevert}>
        Revert
      </Button>
      <Button type="submit" disabled={!isDirty || pending}>
        {pending ? "Saving…" : label}
      </Button>
    </div>
  );
}

/** The first of a form's messages, nested fields' too (for a toast saying why nothing was sent). */
export function firstErrorMessage(errors: FieldErrors): string | undefined {
  for (const error of Object.values(errors)) {
    if (typeof error?.message === "string" && error.message) return error.message;
    const nested = error && typeof error === "object" && !("type" in error) ? firstErrorMessage(error as FieldErrors) : undefined;
    if (nested) return nested;
  }
  return undefined;
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

/**
 * A form's submit that sends its checked values with `send` (e.g. a mutation's mutateAsync). Refused: the server's
 * per-field messages go under the form's fields (`fields`, by default its top-level ones; `rename`: the server's names
 * for them), `onError` runs, and a toast
 * titled `failed` says why. Sent: the `done` toast, then `then` with the answer. `invalidToast`: an invalid form
 * also says its first message in a Validation Error toast.
 */
export function submitTo<TInput extends FieldValues, TOutput, R>(
  form: UseFormReturn<TInput, unknown, TOutput>,
  send: (values: TOutput) => Promise<R>,
  {
    failed,
    done,
    fields,
    rename,
    onError,
    then,
    invalidToast = false,
  }: {
    failed: string;
    done: [title: string, text: string] | ((values: TOutput, answer: R) => [title: string, text: string]);
    fields?: readonly Path<TInput>[];
    rename?: Record<string, Path<TInput>>;
    onError?: (err: unknown, values: TOutput) => void;
    then?: (answer: R, values: TOutput) => unknown;
    invalidToast?: boolean;
  },
) {
  return form.handleSubmit(
    async (values) => {
      let answer: R;
      try {
        answer = await send(values);
      } catch (err) {
        applyServerFieldErrors(err, form.setError, fields ?? (Object.keys(form.getValues()) as Path<TInput>[]), rename);
        onError?.(err, values);
        notifyError(failed, err);
        return;
      }
      notifySuccess(...(typeof done === "function" ? done(values, answer) : done));
      await then?.(answer, values);
    },
    invalidToast ? (errors) => notifyError("Validation Error", firstErrorMessage(errors)) : undefined,
  );
}
