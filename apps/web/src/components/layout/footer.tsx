// Footer: brand line, quick links to the four sections, the static services list, and the company's logo and
// contact details from Settings → Company (GET /api/settings/public).
import { Mail, MapPin, Phone } from "lucide-react";
import { usePublicSettings } from "@/lib/public-settings";
import { Logo } from "./logo";
import { SECTION_LINKS } from "./nav-links";
import { SectionLink } from "./section-link";

export const FOOTER_SERVICES = ["Valet Parking", "Executive Transport", "Event Services", "Airport Transfers"] as const;

export const CONCIERGE_HOURS = "Concierge desk open 24/7";

/** The company's contact details as the site prints them (Settings → Company). */
export function useCompanyContact() {
  const { company } = usePublicSettings();
  return {
    ...company,
    phoneHref: `tel:${company.phone}`,
    addressLines: company.address.split("\n"),
  };
}

function FooterHeading({ children }: { children: string }) {
  return <h3 className="text-[0.7rem] font-semibold uppercase tracking-[0.28em] text-gold">{children}</h3>;
}

export function Footer() {
  const year = new Date().getFullYear();
  const contact = useCompanyContact();
  return (
    <footer className="relative border-t border-border bg-[#08080a]">
      <div aria-hidden="true" className="absolute inset-x-0 top-0 h-px bg-gradient-to-r from-transparent via-gold/50 to-transparent" />
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-8 gap-y-12 px-5 py-16 sm:px-8 md:grid-cols-[1fr_1fr_1.2fr] lg:grid-cols-[1.4fr_1fr_1fr_1.3fr] lg:py-20">
        <div className="col-span-2 max-w-sm md:col-span-3 lg:col-span-1">
          {contact.logoUrl ? (
            <img src={contact.logoUrl} alt={contact.displayName} className="max-h-12 max-w-[220px] object-contain" />
          ) : (
            <Logo />
          )}
          <p className="mt-5 text-sm leading-relaxed text-muted">
            Valet parking and executive chauffeur service for those who notice the details. Priced instantly, handled
            impeccably.
          </p>
        </div>

        <nav aria-label="Quick links">
          <FooterHeading>Quick Links</FooterHeading>
          <ul className="mt-5 space-y-3 text-sm">
            {SECTION_LINKS.map((link) => (
              <li key={link.id}>
                <SectionLink id={link.id} className="text-foreground/75 transition-colors hover:text-gold-bright">
                  {link.label}
                </SectionLink>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <FooterHeading>Services</FooterHeading>
          <ul className="mt-5 space-y-3 text-sm text-foreground/75">
            {FOOTER_SERVICES.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
        </div>

        <div className="col-span-2 md:col-span-1">
          <FooterHeading>Contact</FooterHeading>
          <address className="mt-5 space-y-3.5 text-sm not-italic text-foreground/75">
            <a href={contact.phoneHref} className="flex items-center gap-3 transition-colors hover:text-gold-bright">
              <Phone className="size-4 shrink-0 text-gold/80" aria-hidden="true" />
              {contact.phoneDisplay}
            </a>
            <a href={`mailto:${contact.supportEmail}`} className="flex items-center gap-3 break-all transition-colors hover:text-gold-bright">
              <Mail className="size-4 shrink-0 text-gold/80" aria-hidden="true" />
              {contact.supportEmail}
            </a>
            <p className="flex items-start gap-3">
              <MapPin className="mt-0.5 size-4 shrink-0 text-gold/80" aria-hidden="true" />
              <span>
                {contact.addressLines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </p>
            <p className="pl-7 text-xs uppercase tracking-[0.18em] text-muted">{CONCIERGE_HOURS}</p>
          </address>
        </div>
      </div>
      <div className="border-t border-border/70">
        <div className="mx-auto flex max-w-7xl flex-col gap-2 px-5 py-6 text-xs text-muted sm:flex-row sm:items-center sm:justify-between sm:px-8">
          <p>
            © {year} {contact.legalName.replace(/\.$/, "")}. All rights reserved.
          </p>
          <p className="text-muted">
            Map data: GeoNames (CC BY 4.0), OpenFlights (ODbL), U.S. Census Bureau.
          </p>
          <p className="tracking-[0.18em] uppercase">Arrive impeccably</p>
        </div>
      </div>
    </footer>
  );
}
