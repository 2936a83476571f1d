// Pricing: the three static packages of the spec; the middle one is marked Most Popular.
import { Check } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useUiState } from "@/lib/ui-state";
import { formatMoney } from "@meridian/shared/money";
import { cn } from "@/lib/utils";
import { useFeature } from "@/lib/public-settings";
import { featureOffMessage } from "@meridian/shared/settings-public";
import { PRICING_PACKAGES } from "../content";
import { Accent, SectionHeading } from "./section-heading";

export function PricingSection() {
  const { setBookingOpen } = useUiState();
  const valetOn = useFeature("valetBooking");
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="relative scroll-mt-16 border-t border-border bg-surface/30 py-24 sm:py-32">
      <div aria-hidden="true" className="pointer-events-none absolute left-1/2 top-40 h-[420px] w-[min(900px,100%)] -translate-x-1/2 rounded-full bg-gold/[0.06] blur-3xl" />
      <div className="relative mx-auto max-w-7xl px-5 sm:px-8">
        <SectionHeading
          id="pricing-title"
          eyebrow="Pricing"
          title={
            <>
              Packages, <Accent>clearly priced.</Accent>
            </>
          }
          lead="Event packages for hosts and planners, and a standing arrangement for executives. Individual rides are quoted instantly when you book."
        />

        <ul className="mt-16 grid items-stretch gap-6 lg:grid-cols-3 lg:gap-8">
          {PRICING_PACKAGES.map((pkg) => (
            <li
              key={pkg.id}
              aria-label={pkg.name}
              className={cn(
                "relative flex flex-col rounded-[var(--radius-card)] border p-7 sm:p-10",
                pkg.mostPopular
                  ? "border-gold/70 bg-gradient-to-b from-[#1d1912] via-surface-2 to-surface shadow-[0_30px_80px_-40px_rgba(201,163,92,0.55)] lg:-my-4 lg:py-14"
                  : "border-border bg-surface",
              )}
            >
              {pkg.mostPopular ? (
                <span className="absolute -top-3.5 left-1/2 -translate-x-1/2 whitespace-nowrap rounded-full bg-gold px-4 py-1.5 text-[0.65rem] font-semibold uppercase tracking-[0.24em] text-background">
                  Most Popular
                </span>
              ) : null}
              <h3 className="font-display text-[2rem] font-medium leading-tight text-foreground">{pkg.name}</h3>
              <p className="mt-2 min-h-12 text-sm leading-relaxed text-muted">{pkg.tagline}</p>
              <p className="mt-8 flex items-baseline gap-2 border-b border-border/80 pb-8">
                <span className={cn("font-display text-6xl font-medium leading-none lining-nums", pkg.mostPopular ? "gold-text" : "text-foreground")}>
                  {formatMoney(pkg.priceUsd, { wholeDollars: true })}
                </span>
                <span className="text-sm uppercase tracking-[0.16em] text-muted">{pkg.period}</span>
              </p>
              <ul className="mt-8 flex-1 space-y-4">
                {pkg.features.map((feature) => (
                  <li key={feature} className="flex items-center gap-3 text-[0.95rem] text-foreground/85">
                    <span className="grid size-5 shrink-0 place-items-center rounded-full border border-gold/40 text-gold">
                      <Check className="size-3" strokeWidth={2.5} aria-hidden="true" />
                    </span>
                    {feature}
                  </li>
                ))}
              </ul>
              {pkg.id !== "executive-transport" && !valetOn ? (
                <p className="mt-10 text-center text-sm text-muted">{featureOffMessage("valetBooking")}</p>
              ) : (
              <Button
                variant={pkg.mostPopular ? "gold" : "outline"}
                size="lg"
                className="mt-10 w-full text-[0.8rem] uppercase tracking-[0.18em]"
                aria-haspopup="dialog"
                // The event packages open on the Valet tab, executive transport on Ride Transport.
                onClick={() => setBookingOpen(true, pkg.id === "executive-transport" ? "ride" : "valet")}
              >
                Reserve<span className="sr-only"> {pkg.name}</span>
              </Button>
              )}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
