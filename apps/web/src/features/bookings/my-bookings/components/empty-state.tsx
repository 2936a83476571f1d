import type { ReactNode } from "react";

export function EmptyState({ icon, title, children }: { icon: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center rounded-[var(--radius-card)] border border-dashed border-border bg-surface/60 px-6 py-16 text-center">
      <div className="grid size-14 place-items-center rounded-full border border-gold/30 bg-gold/5 text-gold [&_svg]:size-6">{icon}</div>
      <p className="mt-5 font-display text-2xl text-foreground">{title}</p>
      {children ? <p className="mt-2 max-w-sm text-sm leading-relaxed text-muted">{children}</p> : null}
    </div>
  );
}
