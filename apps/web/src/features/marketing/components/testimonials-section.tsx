// Testimonials: four sample client quotes in display italics.
import { TESTIMONIALS } from "../content";
import { RatingStars } from "./rating-stars";
import { Accent, HeadedSection } from "./section-heading";

export function TestimonialsSection() {
  return (
    <HeadedSection
      id="testimonials"
      className="py-24 sm:py-32"
      eyebrow="Testimonials"
      title={
        <>
          In our clients&rsquo; <Accent>words.</Accent>
        </>
      }
      lead="Hosts, planners and executives on what it is like to hand Meridian the keys."
    >
      <ul className="mt-16 grid gap-6 md:grid-cols-2">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="relative flex h-full flex-col overflow-hidden rounded-[var(--radius-card)] border border-border bg-gradient-to-b from-surface-2 to-surface p-8 sm:p-10">
              <span aria-hidden="true" className="pointer-events-none absolute -right-2 -top-10 font-display text-[11rem] leading-none text-gold/[0.08]">
                &rdquo;
              </span>
              <RatingStars size={14} />
              <blockquote className="relative mt-6 flex-1 font-display text-[1.45rem] font-medium italic leading-snug text-foreground/90 sm:text-[1.6rem]">
                &ldquo;{t.quote}&rdquo;
              </blockquote>
              <figcaption className="mt-8 flex items-center gap-4 border-t border-border/80 pt-6">
                <span aria-hidden="true" className="grid size-11 place-items-center rounded-full border border-gold/40 font-display text-lg text-gold-bright">
                  {t.name
                    .split(" ")
                    .map((part) => part[0])
                    .join("")}
                </span>
                <span>
                  <span className="block text-sm font-semibold tracking-wide text-foreground">{t.name}</span>
                  <span className="block text-xs uppercase tracking-[0.18em] text-muted">{t.context}</span>
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </HeadedSection>
  );
}
