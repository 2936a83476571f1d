// Radix select in the Meridian style: the trigger looks like an input, the list floats on a dark surface.
import { Select as S } from "radix-ui";
import { Check, ChevronDown } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { cspNonce } from "@/lib/csp";
import { cn } from "@/lib/utils";
import { useFieldControl } from "./label";

export const Select = S.Root;
export const SelectValue = S.Value;

export function SelectTrigger({ children, ...props }: ComponentProps<typeof S.Trigger>) {
  return (
    <S.Trigger
      {...useFieldControl(
        props,
        "flex h-11 cursor-pointer items-center justify-between gap-2 px-3.5 text-left transition-colors focus:ring-2 focus:ring-gold/50 data-[placeholder]:text-muted disabled:cursor-not-allowed disabled:opacity-60 [&>span]:truncate",
      )}
    >
      {children}
      <S.Icon asChild>
        <ChevronDown className="size-4 shrink-0 text-gold/80" />
      </S.Icon>
    </S.Trigger>
  );
}

export function SelectContent({ className, children, position = "popper", ...props }: ComponentProps<typeof S.Content>) {
  return (
    <S.Portal>
      <S.Content
        position={position}
        sideOffset={6}
        className={cn(
          "z-[60] max-h-[min(22rem,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-border bg-surface/95 p-1 text-foreground shadow-[0_24px_60px_-20px_rgba(0,0,0,0.85)] backdrop-blur-xl",
          className,
        )}
        {...props}
      >
        <S.Viewport className="p-0.5" nonce={cspNonce}>
          {children}
        </S.Viewport>
      </S.Content>
    </S.Portal>
  );
}

/** `hint` is shown in the list only (not in the trigger once chosen). */
export function SelectItem({ className, children, hint, ...props }: ComponentProps<typeof S.Item> & { hint?: ReactNode }) {
  return (
    <S.Item
      className={cn(
        "relative flex cursor-pointer select-none items-center gap-2 rounded-md py-2.5 pl-3 pr-9 text-sm text-foreground/85 outline-none",
        "data-[highlighted]:bg-gold/10 data-[highlighted]:text-gold-bright data-[disabled]:pointer-events-none data-[disabled]:opacity-50",
        className,
      )}
      {...props}
    >
      <S.ItemText>{children}</S.ItemText>
      {hint ? <span className="ml-auto text-xs text-muted">{hint}</span> : null}
      <S.ItemIndicator className="absolute right-3 inline-flex items-center text-gold">
        <Check className="size-4" />
      </S.ItemIndicator>
    </S.Item>
  );
}

/** A select over a fixed list of options (an option's `hint` shows in the list only): the trigger (labelled `label`), its value and the items. */
export function OptionSelect<T extends string>({
  id,
  label,
  value,
  onValueChange,
  options,
  disabled,
  placeholder,
  testId,
  className,
}: {
  id: string;
  label: string;
  value: T | undefined;
  onValueChange: (value: T) => void;
  options: readonly { value: T; label: string; hint?: ReactNode }[];
  disabled?: boolean;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /** The trigger's data-testid. */
  testId?: string;
  /** Classes of the trigger. */
  className?: string;
}) {
  return (
    <Select value={value} onValueChange={(v) => onValueChange(v as T)} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label} data-testid={testId} className={className}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {options.map((o) => (
          <SelectItem key={o.value} value={o.value} hint={o.hint}>
            {o.label}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
