// The field components of the form kit: each is a labelled control (components/ui) registered on the
// surrounding <Form>'s react-hook-form, with the form's message for it under it (Field marks the control
// aria-invalid and describes it with the message). `error` adds a message from elsewhere (a live quote's
// answer) shown while the form itself has none for the field.
import { ChevronDown, type LucideIcon } from "lucide-react";
import type { ComponentProps, FocusEvent, ReactNode } from "react";
import { Controller, get, useFormContext, useFormState, type ChangeHandler, type FieldValues, type Path, type PathValue } from "react-hook-form";
import { SwitchRow, UnitInput } from "@/components/admin/fleet-ui";
import { Input, Textarea } from "@/components/ui/input";
import { Field, useFieldControl } from "@/components/ui/label";
import { PasswordInput } from "@/components/ui/password-input";
import { OptionSelect } from "@/components/ui/select";
import { TimeSelect } from "@/components/ui/time-select";
import { cn } from "@/lib/utils";

type FieldProps<T extends FieldValues> = {
  name: Path<T>;
  label: string;
  /** The control's id (the label's htmlFor; the message is `${id}-error`). */
  id: string;
  /** A message from elsewhere, shown while the form has none for this field. */
  error?: string;
  /** Shown under the control (e.g. what the field is for). */
  hint?: ReactNode;
  /** The label's own classes (e.g. "sm:sr-only" where a table's header already names the column). */
  labelClassName?: string;
};

/** The form's message for a field (its own check or the server's, set with setError). */
export function useFieldError<T extends FieldValues>(name: Path<T>): string | undefined {
  const { control } = useFormContext<T>();
  const { errors } = useFormState({ control, name });
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === "string" && message !== "" ? message : undefined;
}

/** Label, control and message for `name`: the frame every field below is. */
export function FormField<T extends FieldValues>({ name, label, id, error, hint, labelClassName, children }: FieldProps<T> & { children: ReactNode }) {
  const own = useFieldError<T>(name);
  return (
    <Field label={label} htmlFor={id} error={own ?? error} labelClassName={labelClassName}>
      {children}
      {hint ? <p className="mt-1.5 text-xs text-muted">{hint}</p> : null}
    </Field>
  );
}

/** An input's own props; `setValueAs`: what the form keeps of the typed text (a number, null for empty...). */
type InputProps = Omit<ComponentProps<"input">, "name" | "id" | "type" | "children"> & { setValueAs?: (raw: string) => unknown };

/**
 * Splits a field's props into the frame's (FormField) and the control's, the control registered on the form
 * (`setValueAs`: what the form keeps of the typed text, e.g. a number; an `onBlur` given runs too).
 */
function useControl<T extends FieldValues, P extends FieldProps<T> & { setValueAs?: (raw: string) => unknown }>(props: P) {
  const { name, label, id, error, hint, labelClassName, setValueAs, ...rest } = props;
  const { register } = useFormContext<T>();
  const registered = register(name, setValueAs ? { setValueAs } : undefined);
  const own = (rest as { onBlur?: (e: FocusEvent<Element>) => void }).onBlur;
  const onBlur: ChangeHandler = own
    ? (e) => {
        own(e as FocusEvent<Element>);
        return registered.onBlur(e);
      }
    : registered.onBlur;
  return { field: { name, label, id, error, hint, labelClassName } as FieldProps<T>, control: { id, ...rest, ...registered, onBlur } };
}

/** A field of one control: the frame (FormField) around the control `render` draws from its registered props. */
function ControlField<T extends FieldValues, P extends FieldProps<T> & { setValueAs?: (raw: string) => unknown }>({
  props,
  render,
}: {
  props: P;
  render: (control: ReturnType<typeof useControl<T, P>>["control"]) => ReactNode;
}) {
  const { field, control } = useControl<T, P>(props);
  return <FormField {...field}>{render(control)}</FormField>;
}

/** A one-line text field (name, e-mail, a code, a clock time...). */
export function TextField<T extends FieldValues>(props: FieldProps<T> & InputProps & { type?: "text" | "email" | "tel" | "search" | "url" | "time" }) {
  return <ControlField<T, typeof props> props={props} render={(control) => <Input type="text" {...control} />} />;
}

/** A few lines of free text (instructions, a note). */
export function TextAreaField<T extends FieldValues>(props: FieldProps<T> & Omit<ComponentProps<"textarea">, "name" | "id" | "children">) {
  return <ControlField<T, typeof props> props={props} render={(control) => <Textarea {...control} />} />;
}

/** A password with the spec's show/hide eye button. */
export function PasswordField<T extends FieldValues>(props: FieldProps<T> & InputProps) {
  return <ControlField<T, typeof props> props={props} render={(control) => <PasswordInput {...control} />} />;
}

/** A phone number (any way it is written; the shared phone schema checks and normalises it). */
export function PhoneField<T extends FieldValues>(props: FieldProps<T> & InputProps) {
  return <ControlField<T, typeof props> props={props} render={(control) => <Input type="tel" autoComplete="tel" placeholder="(310) 555-0123" {...control} />} />;
}

/** A calendar date ("YYYY-MM-DD"), the browser's date picker in the dark theme. */
export function DateField<T extends FieldValues>(props: FieldProps<T> & InputProps) {
  return (
    <ControlField<T, typeof props>
      props={props}
      render={(control) => <Input type="date" required {...control} className={cn("[color-scheme:dark]", control.className)} />}
    />
  );
}

/** A time of day picked from `times` ("HH:MM", shown as "7:30 PM"): only bookable times can be chosen. */
export function TimeField<T extends FieldValues>(props: FieldProps<T> & Omit<ComponentProps<"select">, "name" | "id" | "children"> & { times: string[] }) {
  return <ControlField<T, typeof props> props={props} render={(control) => <TimeSelect required {...control} />} />;
}

/**
 * A whole number (guests, bags, vehicles). `emptyAs`: what an emptied field becomes when it is left (the
 * default), so an empty field is never an error; `icon`: a small picture inside the field.
 */
export function CountField<T extends FieldValues>(props: FieldProps<T> & InputProps & { icon?: LucideIcon; emptyAs?: string }) {
  const { field, control } = useControl<T, typeof props>(props);
  const { icon: Icon, emptyAs, className, ...registered } = control;
  const { setValue } = useFormContext<T>();
  return (
    <FormField {...field}>
      <div className="relative">
        {Icon ? <Icon className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-gold/70" aria-hidden /> : null}
        <Input
          type="number"
          inputMode="numeric"
          step={1}
          className={cn(Icon && "pl-10", className)}
          {...registered}
          onBlur={(e) => {
            if (emptyAs !== undefined && e.target.value.trim() === "") setValue(field.name, emptyAs as PathValue<T, Path<T>>, { shouldValidate: true });
            void registered.onBlur(e);
          }}
        />
      </div>
    </FormField>
  );
}

/**
 * A number with its unit shown in the field ($, %, mi). `setValueAs` turns the typed text into what the
 * schema checks (e.g. empty as 0, or as null for "no limit").
 */
export function NumberField<T extends FieldValues>(props: FieldProps<T> & InputProps & { prefix?: string; suffix?: string; setValueAs: (raw: string) => unknown }) {
  return <ControlField<T, typeof props> props={props} render={(control) => <UnitInput {...control} />} />;
}

/** Typed text to a number for NumberField: `empty` when nothing (or only spaces) was typed. */
export const numberOr =
  <E,>(empty: E) =>
  (raw: unknown): number | E =>
    raw === null || raw === undefined || String(raw).trim() === "" ? empty : Number(raw);

/** One of a fixed list of options (the list's labels are shown, the values kept); `onValueChange` runs after the form took the value. */
export function SelectField<T extends FieldValues, V extends string = string>({
  options,
  placeholder,
  disabled,
  onValueChange,
  ...frame
}: FieldProps<T> & { options: readonly { value: V; label: string }[]; placeholder?: string; disabled?: boolean; onValueChange?: (value: V) => void }) {
  const { control } = useFormContext<T>();
  return (
    <FormField {...frame}>
      <Controller
        control={control}
        name={frame.name}
        render={({ field }) => (
          <OptionSelect<V>
            id={frame.id}
            label={frame.label}
            value={field.value as V | undefined}
            placeholder={placeholder}
            disabled={disabled}
            options={options}
            onValueChange={(value) => {
              field.onChange(value);
              onValueChange?.(value);
            }}
          />
        )}
      />
    </FormField>
  );
}

/**
 * One of a fixed list as the browser's own select (the phone's wheel, typing to jump; tests and scripts pick by
 * value): for a short list inside a dense panel. `options`: the values kept and the labels shown.
 */
export function NativeSelectField<T extends FieldValues>(
  props: FieldProps<T> & Omit<ComponentProps<"select">, "name" | "id" | "children"> & { options: readonly { value: string; label: string }[] },
) {
  return <ControlField<T, typeof props> props={props} render={(control) => <NativeSelect {...control} />} />;
}

function NativeSelect({ options, ...props }: ComponentProps<"select"> & { options: readonly { value: string; label: string }[] }) {
  return (
    <div className="relative">
      <select {...useFieldControl(props, "h-11 cursor-pointer appearance-none px-3.5 pr-10 focus:ring-1 focus:ring-gold/40")}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <ChevronDown className="pointer-events-none absolute right-3.5 top-1/2 size-4 -translate-y-1/2 text-gold" aria-hidden />
    </div>
  );
}

/** An on/off setting: a bordered row with its label, a line of explanation and the gold switch. */
export function SwitchField<T extends FieldValues>({ name, label, id, hint }: { name: Path<T>; label: string; id: string; hint: string }) {
  const { control } = useFormContext<T>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <SwitchRow id={id} label={label} hint={hint} checked={Boolean(field.value)} onCheckedChange={field.onChange} />}
    />
  );
}
