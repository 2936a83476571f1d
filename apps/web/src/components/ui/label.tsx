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

/** What every text box and select has in common: the surface, the border, the focus colour, red when invalid. */
const CONTROL_LOOK = "w-full rounded-md border border-border bg-surface-2 text-sm text-foreground focus:border-gold/70 focus:outline-none aria-[invalid=true]:border-danger/80";

/**
 * A form control's props: the common look, then its own (`look`) and the caller's className, the rest as given,
 * and the field's ARIA (useFieldAria).
 */
export function useFieldControl<P extends Parameters<typeof useFieldAria>[0] & { className?: string }>({ className, ...props }: P, look: string) {
  return { ...props, className: cn(CONTROL_LOOK, look, className), ...useFieldAria(props) };
}
