// A create-or-edit dialog's submit: create when there is nothing to edit, else update it by id; the success
// toast, closing, the server's per-field messages under the fields, and the error toast are the same each time.
import type { FieldValues, UseFormReturn } from "react-hook-form";
import { submitTo } from "./form";

/**
 * The toasts of a dialog that adds and edits one kind of thing (a car, a vehicle type), worded alike for each:
 * "<Noun> Added!" with its name now in `where`, "<Noun> Updated!" with its name saved, "Error adding/updating <noun>".
 */
export function addEditToasts<TOutput>(noun: string, nameOf: (values: TOutput) => string, where: string, editing: boolean) {
  return {
    created: (values: TOutput): [string, string] => [`${noun} Added!`, `${nameOf(values)} is now in ${where}.`],
    updated: (values: TOutput): [string, string] => [`${noun} Updated!`, `${nameOf(values)} has been saved.`],
    failed: `Error ${editing ? "updating" : "adding"} ${noun.toLowerCase()}`,
  };
}

type Save<V> = { mutateAsync: (variables: V) => Promise<unknown>; isPending: boolean };

export function useSaveDialog<TInput extends FieldValues, TOutput extends FieldValues>({
  form,
  editingId,
  create,
  update,
  created,
  updated,
  failed,
  onServerError,
  validationToast = true,
  onDone,
}: {
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** What is edited, or null for a new one. */
  editingId: string | null;
  create: Save<TOutput>;
  update: Save<{ id: string; patch: TOutput }>;
  /** The success toast's title and text, after creating and after updating. */
  created: (values: TOutput) => [string, string];
  updated: (values: TOutput) => [string, string];
  /** The error toast's title. */
  failed: string;
  /** More the form does with a refusal (before the error toast). */
  onServerError?: (err: unknown) => void;
  /** Whether an invalid form also says its first message in a Validation Error toast. */
  validationToast?: boolean;
  onDone: () => void;
}) {
  const onSubmit = submitTo(form, (values) => (editingId ? update.mutateAsync({ id: editingId, patch: values }) : create.mutateAsync(values)), {
    failed,
    done: editingId ? updated : created,
    onError: onServerError,
    then: onDone,
    invalidToast: validationToast,
  });
  return { onSubmit, pending: create.isPending || update.isPending };
}
