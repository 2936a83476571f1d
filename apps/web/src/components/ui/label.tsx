// The form-field kit: a label, the control, and its validation message. The field tells the control it
// labels (Input, Textarea, SelectTrigger: the one whose id is `htmlFor`) to be aria-invalid and described by
// the message, so screen readers read the error with the field; focus-first-invalid.ts moves focus there.
import { createContext, useContext, type ComponentProps, type ReactNode } from "react";
import { cn } from "@/lib/utils";

export function Label({ className, ...props }: ComponentProps<"label">) {
  return <label className={cn("mb-1.5 block text-xs font-medium uppercase tracking-[0.14em] text-muted", className)} {...props} />;
}

type FieldState = { htmlFor: string; errorId: string | undefined };
const FieldContext = createContext<FieldState | null>(null);

/** A labelled form field with its validation message under it. */
export function Field({ label, htmlFor, error, labelClassName, children }: { label: string; htmlFor: string; error?: string; labelClassName?: string; children: ReactNode }) {
  const errorId = error ? `${htmlFor}-error` : undefined;
  return (
    <div>
      <Label htmlFor={htmlFor} className={labelClassName}>
        {label}
      </Label>
      <FieldContext.Provider value={{ htmlFor, errorId }}>{children}</FieldContext.Provider>
      {error ? (
        <p id={errorId} role="alert" className="mt-1.5 text-xs text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The ARIA a control inside a Field adds to its own props: aria-invalid and aria-describedby pointing at the
 * field's message while there is one (props the form passes itself still win; descriptions are merged).
 */
export function useFieldAria(props: { id?: string; "aria-invalid"?: ComponentProps<"input">["aria-invalid"]; "aria-describedby"?: string }) {
  const field = useContext(FieldContext);
  const errorId = field && props.id === field.htmlFor ? field.errorId : undefined;
  if (!errorId) return {};
  const described = new Set([...(props["aria-describedby"]?.split(/\s+/).filter(Boolean) ?? []), errorId]);
  return { "aria-invalid": props["aria-invalid"] || true, "aria-describedby": [...described].join(" ") };
}
