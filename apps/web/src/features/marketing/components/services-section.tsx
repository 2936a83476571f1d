// Services: the four things Meridian does, as quiet cards with a gold index number.
import { CarFront, KeyRound, Plane, Wine } from "lucide-react";
import { SERVICES } from "../content";
import { Accent, HeadedSection } from "./section-heading";

const ICONS = { valet: KeyRound, executive: CarFront, events: Wine, airport: Plane } as Record<string, typeof KeyRound>;

export function ServicesSection() {
  return (
    <HeadedSection
      id="services"
      className="pb-24 pt-20 sm:pb-32 sm:pt-24"
      eyebrow="Our Services"
      title={
        <>
          Every arrival, <Accent>orchestrated.</Accent>
        </>
      }
      lead="From the first guest at the curb to the last car returned, one team handles the details you would rather not think about."
    >
      <ul className="mt-16 grid gap-px overflow-hidden rounded-[var(--radius-card)] border border-border bg-border sm:grid-cols-2 lg:grid-cols-4">
        {SERVICES.map((service, i) => {
          const Icon = ICONS[service.id] ?? KeyRound;
          return (
            <li key={service.id} className="group relative flex flex-col bg-surface p-8 transition-colors duration-500 hover:bg-surface-2 sm:p-9">
              <span
                aria-hidden="true"
                className="absolute inset-x-0 top-0 h-px origin-left scale-x-0 bg-gradient-to-r from-gold/0 via-gold to-gold/0 transition-transform duration-700 group-hover:scale-x-100"
              />
              <div className="flex items-start justify-between">
                <span className="grid size-14 place-items-center rounded-full border border-gold/30 bg-gold/[0.05] text-gold-bright transition-colors duration-500 group-hover:border-gold/70">
                  <Icon className="size-6" strokeWidth={1.4} aria-hidden="true" />
                </span>
                <span className="font-display text-2xl lining-nums text-gold-dim">0{i + 1}</span>
              </div>
              <h3 className="mt-8 font-display text-[1.9rem] font-medium leading-tight text-foreground">{service.title}</h3>
              <p className="mt-3 flex-1 text-[0.93rem] leading-relaxed text-muted">{service.description}</p>
              <ul className="mt-6 space-y-2.5 border-t border-border/80 pt-5 text-[0.88rem] text-foreground/80">
                {service.points.map((point) => (
                  <li key={point} className="flex items-center gap-2.5">
                    <span aria-hidden="true" className="size-1.5 shrink-0 rotate-45 bg-gold/80" />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </HeadedSection>
  );
}
