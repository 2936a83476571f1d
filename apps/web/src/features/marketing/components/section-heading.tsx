import type { ReactNode } from "react";
import { cn } from "@/lib/utils";

/** Small-caps gold eyebrow with a hairline, a display heading and an optional lead paragraph. */
export function SectionHeading({
  eyebrow,
  title,
  lead,
  align = "center",
  id,
  className,
}: {
  eyebrow: string;
  title: ReactNode;
  lead?: ReactNode;
  align?: "center" | "left";
  id?: string;
  className?: string;
}) {
  return (
    <div className={cn(align === "center" ? "mx-auto max-w-2xl text-center" : "max-w-xl", className)}>
      <p className={cn("flex items-center gap-3 text-[0.7rem] font-semibold uppercase tracking-[0.32em] text-gold", align === "center" && "justify-center")}>
        <span aria-hidden="true" className="h-px w-8 bg-gold/60" />
        {eyebrow}
        {align === "center" ? <span aria-hidden="true" className="h-px w-8 bg-gold/60" /> : null}
      </p>
      <h2 id={id} className="mt-5 font-display text-[2.6rem] font-medium leading-[1.05] text-foreground sm:text-5xl lg:text-[3.6rem]">
        {title}
      </h2>
      {lead ? <p className="mt-5 text-base leading-relaxed text-muted sm:text-[1.05rem]">{lead}</p> : null}
    </div>
  );
}

/** The gold italic accent word in display headings. */
export function Accent({ children }: { children: ReactNode }) {
  return <em className="gold-text pr-1 font-medium italic">{children}</em>;
}

/** A section of the home page: its anchor, the page's width, and the heading it is labelled by, then its content. */
export function HeadedSection({ id, className, children, ...heading }: { id: string; className: string; eyebrow: string; title: ReactNode; lead?: ReactNode; children: ReactNode }) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className={cn("relative scroll-mt-16", className)}>
      <div className="mx-auto max-w-7xl px-5 sm:px-8">
        <SectionHeading id={`${id}-title`} {...heading} />
        {children}
      </div>
    </section>
  );
}
