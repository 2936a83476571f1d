// Pieces the Settings tabs share: the panel with its icon, title and description, the loading and error states, a
// section's tab of panels (SectionPanels), a fact card (Fact), and an on/off switch (a button with role="switch",
// big enough to tap).
import type { LucideIcon } from "lucide-react";
import type { ComponentProps, ComponentType, ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";
import { Panel } from "@/components/ui/panel";
import type { SettingsSection } from "@meridian/shared/settings";
import { useSettingsSection, type SectionAnswer } from "../api/settings-sections";

export function SettingsPanel({ icon: Icon, title, description, children, actions }: { icon: LucideIcon; title: string; description: string; children: ReactNode; actions?: ReactNode }) {
  return (
    <Panel className="p-7 sm:p-9">
      <div className="mb-8 flex flex-col gap-5 sm:flex-row sm:items-start sm:justify-between">
        <PanelHeading icon={Icon} title={title} description={description} />
        {actions ? <div className="flex shrink-0 flex-wrap gap-2.5">{actions}</div> : null}
      </div>
      {children}
    </Panel>
  );
}

/** A settings panel's heading: its icon in a gold ring, its title (`id`: the title's, to name the panel by) and a line of description. */
export function PanelHeading({ icon: Icon, title, description, id }: { icon: LucideIcon; title: string; description: ReactNode; id?: string }) {
  return (
    <div className="flex items-start gap-5">
      <span className="grid size-12 shrink-0 place-items-center rounded-full border border-gold/30 bg-gold/[0.07] text-gold">
        <Icon className="size-5" aria-hidden />
      </span>
      <div>
        <h2 id={id} className="font-display text-3xl text-foreground">
          {title}
        </h2>
        <p className="mt-2 max-w-xl text-sm leading-relaxed text-muted">{description}</p>
      </div>
    </div>
  );
}

/** One fact in a panel's list (a <dl>): its label, its value and, when given, a note under it; long words break. */
export function Fact({ label, children, note, ...props }: { label: string; children: ReactNode; note?: ReactNode } & ComponentProps<"div">) {
  return (
    <div className="rounded-xl border border-border/80 bg-surface-2/40 px-5 py-4" {...props}>
      <dt className="text-[0.68rem] font-medium uppercase tracking-[0.2em] text-muted">{label}</dt>
      <dd className="mt-2 text-sm text-foreground [overflow-wrap:anywhere]">{children}</dd>
      {note !== undefined ? <dd className="mt-1 text-xs text-muted [overflow-wrap:anywhere]">{note}</dd> : null}
    </div>
  );
}

/** The section's query while it loads or fails; null once there is data. */
export function SectionState({ isPending, error }: { isPending: boolean; error: Error | null }) {
  if (isPending) {
    return (
      <Panel className="grid place-items-center py-16">
        <Spinner />
      </Panel>
    );
  }
  if (error) return <Panel className="p-8 text-sm text-danger">{error.message}</Panel>;
  return null;
}

/** A tab of one section: SectionState while the section loads or fails, then its panels, one under the other. */
export function SectionPanels<S extends SettingsSection>({ section, panels }: { section: S; panels: ComponentType<{ data: SectionAnswer<S> }>[] }) {
  const q = useSettingsSection(section);
  if (!q.data) return <SectionState isPending={q.isPending} error={q.error} />;
  const data = q.data;
  return (
    <div className="grid gap-6">
      {panels.map((SectionPanel, i) => (
        <SectionPanel key={i} data={data} />
      ))}
    </div>
  );
}

export function Switch({ id, checked, onChange, disabled, label, describedBy }: { id: string; checked: boolean; onChange: (on: boolean) => void; disabled?: boolean; label?: string; describedBy?: string }) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={cn(
        "relative inline-flex h-8 w-14 shrink-0 items-center rounded-full border transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-gold disabled:cursor-not-allowed disabled:opacity-50",
        checked ? "border-gold bg-gold/80" : "border-border bg-surface-2",
      )}
    >
      <span className={cn("inline-block size-6 rounded-full bg-foreground shadow transition-transform", checked ? "translate-x-7" : "translate-x-1")} />
      <span className="sr-only">{checked ? "On" : "Off"}</span>
    </button>
  );
}

/** A labelled row with a switch on the right. */
export function SwitchRow({ id, label, hint, checked, onChange, disabled, extra }: { id: string; label: string; hint: string; checked: boolean; onChange: (on: boolean) => void; disabled?: boolean; extra?: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-6 border-b border-border py-5 last:border-0">
      <div>
        <label htmlFor={id} className="text-base text-foreground">
          {label}
        </label>
        <p id={`${id}-hint`} className="mt-1 text-sm text-muted">
          {hint}
        </p>
        {extra}
      </div>
      <Switch id={id} checked={checked} onChange={onChange} disabled={disabled} describedBy={`${id}-hint`} />
    </div>
  );
}
