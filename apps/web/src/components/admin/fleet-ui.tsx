// Small pieces the pricing and vehicles screens share: the gold switch, the page heading, the
// readiness badge and a money/number input with a unit.
import { Switch as S } from "radix-ui";
import type { ComponentProps, ReactNode } from "react";
import { READINESS_LABELS, type Readiness } from "@meridian/shared/fleet";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/utils";
import { CheckCircle2, AlertTriangle, RotateCcw, Save } from "lucide-react";
import { Button } from "@/components/ui/button";

export function GoldSwitch({ className, ...props }: ComponentProps<typeof S.Root>) {
  return (
    <S.Root
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border border-border bg-surface-2 transition-colors",
        "data-[state=checked]:border-gold/70 data-[state=checked]:bg-gold/85 disabled:cursor-not-allowed disabled:opacity-50",
        className,
      )}
      {...props}
    >
      <S.Thumb className="block size-[18px] translate-x-[3px] rounded-full bg-foreground/80 shadow transition-transform data-[state=checked]:translate-x-[21px] data-[state=checked]:bg-background" />
    </S.Root>
  );
}

export function PageHeading({ eyebrow, title, children, actions }: { eyebrow: string; title: string; children?: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <p className="text-[11px] font-medium uppercase tracking-[0.28em] text-gold">{eyebrow}</p>
        <h1 className="mt-2 font-display text-4xl font-medium leading-none text-foreground sm:text-5xl">{title}</h1>
        {children ? <div className="mt-3 max-w-2xl text-sm leading-relaxed text-muted">{children}</div> : null}
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-3">{actions}</div> : null}
    </div>
  );
}

export function ReadinessBadge({ readiness, className }: { readiness: Readiness; className?: string }) {
  const ok = readiness === "ok";
  return (
    <span
      data-testid="readiness"
      className={cn(
        "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-[11px] font-medium tracking-wide",
        ok ? "border-success/40 bg-success/10 text-success" : "border-amber-400/40 bg-amber-400/10 text-amber-300",
        className,
      )}
    >
      {ok ? <CheckCircle2 className="size-3.5" /> : <AlertTriangle className="size-3.5" />}
      {READINESS_LABELS[readiness]}
    </span>
  );
}

/** A number input with a leading unit ($) or a trailing one (mi, min). */
export function UnitInput({ prefix, suffix, className, ...props }: ComponentProps<"input"> & { prefix?: string; suffix?: string }) {
  return (
    <div className="relative">
      {prefix ? <span className="pointer-events-none absolute left-3.5 top-1/2 -translate-y-1/2 text-sm text-muted">{prefix}</span> : null}
      <Input type="number" inputMode="decimal" className={cn("tabular-nums", prefix && "pl-7", suffix && "pr-12", className)} {...props} />
      {suffix ? <span className="pointer-events-none absolute right-3.5 top-1/2 -translate-y-1/2 text-xs uppercase tracking-wider text-muted">{suffix}</span> : null}
    </div>
  );
}

export function SectionLabel({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cn("text-[11px] font-medium uppercase tracking-[0.2em] text-muted", className)}>{children}</p>;
}

/** A bordered row with a label, a line of explanation and a gold switch (e.g. a dialog's Active). */
export function SwitchRow({ id, label, hint, checked, onCheckedChange }: { id: string; label: string; hint: string; checked: boolean; onCheckedChange: (checked: boolean) => void }) {
  return (
    <div className="flex items-center justify-between rounded-lg border border-border bg-surface-2/60 px-4 py-3">
      <div>
        <Label htmlFor={id} className="mb-0">
          {label}
        </Label>
        <p className="text-xs text-muted">{hint}</p>
      </div>
      <GoldSwitch id={id} aria-label={label} checked={checked} onCheckedChange={onCheckedChange} />
    </div>
  );
}

/**
 * An edit's Revert and Save, enabled only while it differs from the saved values; `saveLabel` says what saving
 * does. Without `onSave`, Save submits the form around it.
 */
export function SaveRevertButtons({ disabled, onSave, onRevert, saveLabel = "Save" }: { disabled: boolean; onSave?: () => void; onRevert: () => void; saveLabel?: string }) {
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="ghost" size="sm" disabled={disabled} onClick={onRevert}>
        <RotateCcw /> Revert
      </Button>
      <Button type={onSave ? "button" : "submit"} size="sm" disabled={disabled} onClick={onSave}>
        <Save /> {saveLabel}
      </Button>
    </div>
  );
}
