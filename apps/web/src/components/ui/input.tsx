import type { ComponentProps } from "react";
import { cn } from "@/lib/utils";
import { useFieldAria } from "./label";

export function Input({ className, ...props }: ComponentProps<"input">) {
  return (
    <input
      className={cn(
        "h-11 w-full rounded-md border border-border bg-surface-2 px-3.5 text-sm text-foreground placeholder:text-muted/70",
        "transition-colors focus:border-gold/70 focus:outline-none focus-visible:outline-none focus:ring-2 focus:ring-gold/50",
        // A date or time input's calendar button is focused inside it (the input itself is not :focus then).
        "focus-within:border-gold/70 focus-within:ring-2 focus-within:ring-gold/50",
        "disabled:opacity-50 aria-[invalid=true]:border-danger/80",
        className,
      )}
      {...props}
      {...useFieldAria(props)}
    />
  );
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return (
    <textarea
      className={cn(
        "min-h-24 w-full rounded-md border border-border bg-surface-2 px-3.5 py-2.5 text-sm text-foreground placeholder:text-muted/70",
        "focus:border-gold/70 focus:outline-none focus:ring-2 focus:ring-gold/50 aria-[invalid=true]:border-danger/80",
        className,
      )}
      {...props}
      {...useFieldAria(props)}
    />
  );
}
