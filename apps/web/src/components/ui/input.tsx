import type { ComponentProps } from "react";
import { useFieldControl } from "./label";

// A date or time input's calendar button is focused inside it (the input itself is not :focus then): focus-within.
const INPUT_LOOK =
  "h-11 px-3.5 placeholder:text-muted/70 transition-colors focus-visible:outline-none focus:ring-2 focus:ring-gold/50 focus-within:border-gold/70 focus-within:ring-2 focus-within:ring-gold/50 disabled:opacity-50";

export function Input(props: ComponentProps<"input">) {
  return <input {...useFieldControl(props, INPUT_LOOK)} />;
}

export function Textarea(props: ComponentProps<"textarea">) {
  return <textarea {...useFieldControl(props, "min-h-24 px-3.5 py-2.5 placeholder:text-muted/70 focus:ring-2 focus:ring-gold/50")} />;
}
