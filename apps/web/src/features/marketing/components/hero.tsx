// Hero: the brand promise (instant smart pricing, secure checkout, impeccable service), the 5.0 rating
// line and the Book Now call to action, over drawn night-road art.
import { ChevronDown, Gem, ShieldCheck, Sparkles } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useUiState } from "@/lib/ui-state";
import { scrollToSection } from "@/components/layout/nav-links";
import { HERO_PROMISES } from "../content";
import { HeroArt } from "./hero-art";
import { RatingStars } from "./rating-stars";

const PROMISE_ICONS = { pricing: Sparkles, checkout: ShieldCheck, service: Gem } as const;

export function Hero() {
  const { setBookingOpen } = useUiState();
  return (
    <section aria-labelledby="hero-title" className="relative isolate flex min-h-[100svh] flex-col overflow-hidden">
      <HeroArt className="absolute inset-0 -z-20 h-full w-full" />
      {/* Keep the words readable over the art: dark on the left (desktop) or the top (mobile). */}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-gradient-to-b from-background/70 via-background/55 to-background lg:bg-gradient-to-r lg:from-background lg:via-background/75 lg:to-transparent" />
      <div aria-hidden="true" className="absolute inset-x-0 bottom-0 -z-10 h-40 bg-gradient-to-t from-background to-transparent" />

      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col justify-center px-5 pb-16 pt-32 sm:px-8 lg:pb-24 lg:pt-40">
        <div className="max-w-2xl">
          <p className="mk-rise flex items-center gap-3 text-[0.68rem] font-semibold uppercase tracking-[0.34em] text-gold sm:text-[0.72rem]">
            <span aria-hidden="true" className="h-px w-10 bg-gold/70" />
            Valet &amp; Executive Chauffeur
          </p>
          <h1
            id="hero-title"
            className="mk-lift mt-6 font-display text-[3.3rem] font-medium leading-[0.98] tracking-[-0.01em] text-foreground [animation-delay:80ms] sm:text-7xl lg:text-[5.6rem]"
          >
            The art of
            <br />
            <em className="gold-text pr-2 italic">arrival.</em>
          </h1>
          <p className="mk-rise mt-7 max-w-xl text-[1.05rem] leading-relaxed text-foreground/75 [animation-delay:160ms] sm:text-lg">
            Luxury valet parking and executive chauffeur service, priced the instant you ask and delivered without a
            detail out of place.
          </p>

          <ul className="mk-rise mt-9 grid gap-4 [animation-delay:240ms] sm:grid-cols-3 sm:gap-6">
            {HERO_PROMISES.map((p) => {
              const Icon = PROMISE_ICONS[p.id];
              return (
                <li key={p.id} className="flex gap-3 sm:block">
                  <span className="grid size-10 shrink-0 place-items-center rounded-full border border-gold/35 bg-gold/[0.06] text-gold-bright">
                    <Icon className="size-[18px]" aria-hidden="true" />
                  </span>
                  <span className="block sm:mt-3">
                    <span className="block text-sm font-semibold text-foreground">{p.title}</span>
                    <span className="mt-1 block text-[0.82rem] leading-snug text-muted">{p.text}</span>
                  </span>
                </li>
              );
            })}
          </ul>

          <div className="mk-rise mt-10 flex flex-col gap-3 [animation-delay:320ms] sm:flex-row sm:items-center sm:gap-4">
            <Button
              size="lg"
              className="h-14 px-10 text-[0.85rem] uppercase tracking-[0.18em]"
              aria-haspopup="dialog"
              onClick={() => setBookingOpen(true)}
            >
              Book Now
            </Button>
            <Button
              variant="outline"
              size="lg"
              className="h-14 px-8 text-[0.85rem] uppercase tracking-[0.18em]"
              onClick={() => scrollToSection("pricing")}
            >
              View Packages
            </Button>
          </div>

          <p className="mk-rise mt-8 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-foreground/80 [animation-delay:400ms]">
            <RatingStars />
            <span>
              Rated <strong className="font-semibold text-gold-bright">5.0</strong> by our clients
            </span>
            <span aria-hidden="true" className="hidden h-3 w-px bg-border sm:block" />
            <span className="text-muted">15+ years of service</span>
          </p>
        </div>
      </div>

      <a
        href="#services"
        onClick={(e) => {
          e.preventDefault();
          scrollToSection("services");
        }}
        className="group mx-auto mb-8 hidden flex-col items-center gap-2 text-[0.65rem] uppercase tracking-[0.3em] text-muted transition-colors hover:text-gold lg:flex"
      >
        Discover
        <ChevronDown className="size-4 animate-bounce text-gold/70" aria-hidden="true" />
      </a>
    </section>
  );
}
