// The newsletter band on the home page; the form itself lives in features/newsletter.
import { NewsletterSignup } from "@/features/marketing/newsletter/components/newsletter-signup";
import { Accent } from "./section-heading";

export function NewsletterSection() {
  return (
    <section aria-labelledby="newsletter-title" className="py-24 sm:py-28">
      <div className="mx-auto max-w-7xl px-5 sm:px-8">
        <div className="relative overflow-hidden rounded-[calc(var(--radius-card)*1.5)] border border-gold/25 bg-[radial-gradient(120%_140%_at_100%_0%,#241d12_0%,#131214_55%,#0f0f11_100%)] px-6 py-14 sm:px-12 lg:px-16 lg:py-16">
          <svg aria-hidden="true" viewBox="0 0 400 400" className="pointer-events-none absolute -right-24 -top-24 size-[420px] opacity-40">
            {[60, 100, 140, 180].map((r) => (
              <circle key={r} cx="200" cy="200" r={r} fill="none" stroke="#c9a35c" strokeOpacity={0.5 - r / 500} />
            ))}
          </svg>
          <div className="relative grid items-center gap-10 lg:grid-cols-[1fr_1.05fr] lg:gap-16">
            <div>
              <p className="text-[0.7rem] font-semibold uppercase tracking-[0.32em] text-gold">The Meridian Letter</p>
              <h2 id="newsletter-title" className="mt-4 font-display text-[2.4rem] font-medium leading-[1.05] text-foreground sm:text-5xl">
                Private offers, <Accent>first.</Accent>
              </h2>
              <p className="mt-4 max-w-md text-[0.98rem] leading-relaxed text-muted">
                Seasonal event dates, new vehicles in the fleet and offers reserved for subscribers. A few letters a
                year, never shared.
              </p>
            </div>
            <NewsletterSignup />
          </div>
        </div>
      </div>
    </section>
  );
}
