// The closing call to action before the footer.
import { Phone } from "lucide-react";
import { Button } from "@/components/ui/button";
import { useUiState } from "@/lib/ui-state";
import { useCompanyContact } from "@/components/layout/footer";
import { MeridianMark } from "@/components/layout/logo";
import { Accent } from "./section-heading";

export function FinalCta() {
  const { setBookingOpen } = useUiState();
  const contact = useCompanyContact();
  return (
    <section aria-labelledby="final-cta-title" className="relative isolate overflow-hidden border-t border-border py-28 sm:py-36">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(60%_80%_at_50%_100%,rgba(201,163,92,0.18),transparent_70%)]" />
      <svg aria-hidden="true" viewBox="0 0 1440 200" preserveAspectRatio="none" className="absolute inset-x-0 bottom-0 -z-10 h-40 w-full">
        <path d="M0 170 C 400 120, 1040 120, 1440 170" fill="none" stroke="#c9a35c" strokeOpacity="0.35" />
        <path d="M0 190 C 420 140, 1020 140, 1440 190" fill="none" stroke="#c9a35c" strokeOpacity="0.18" />
      </svg>
      <div className="mx-auto max-w-3xl px-5 text-center sm:px-8">
        <MeridianMark className="mx-auto size-12" />
        <h2 id="final-cta-title" className="mt-8 font-display text-[2.8rem] font-medium leading-[1.02] text-foreground sm:text-6xl lg:text-7xl">
          Your car is <Accent>waiting.</Accent>
        </h2>
        <p className="mx-auto mt-6 max-w-xl text-[1.05rem] leading-relaxed text-muted">
          Reserve valet for your next event or a chauffeur for tomorrow morning. See the price in seconds, confirm in
          one step.
        </p>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row sm:gap-4">
          <Button size="lg" className="h-14 px-10 text-[0.85rem] uppercase tracking-[0.18em]" aria-haspopup="dialog" onClick={() => setBookingOpen(true)}>
            Reserve Now
          </Button>
          <Button asChild variant="outline" size="lg" className="h-14 px-8 text-[0.85rem] uppercase tracking-[0.18em]">
            <a href={contact.phoneHref}>
              <Phone aria-hidden="true" /> Call the Concierge
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
