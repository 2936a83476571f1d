// About: fifteen years, rated 5.0, with an emblem drawn in SVG.
import { Accent, SectionHeading } from "./section-heading";
import { RatingStars } from "./rating-stars";

const STATS = [
  { value: "15+", label: "Years of service" },
  { value: "5.0", label: "Client rating" },
  { value: "24/7", label: "Concierge dispatch" },
];

function Emblem() {
  // A seal: two rings of tick marks around the 15+ numeral, like the bezel of a watch.
  const ticks = Array.from({ length: 60 }, (_, i) => i);
  return (
    <svg viewBox="0 0 400 400" className="h-auto w-full max-w-[360px]" aria-hidden="true">
      <defs>
        <radialGradient id="mk-emblem-bg" cx="0.5" cy="0.4" r="0.6">
          <stop offset="0" stopColor="#241e14" />
          <stop offset="1" stopColor="#0f0e0c" />
        </radialGradient>
        <linearGradient id="mk-emblem-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f3dca0" />
          <stop offset="0.55" stopColor="#c9a35c" />
          <stop offset="1" stopColor="#7d6537" />
        </linearGradient>
        <path id="mk-emblem-arc" d="M 200 200 m -128 0 a 128 128 0 1 1 256 0" />
        <path id="mk-emblem-arc-low" d="M 200 200 m -142 0 a 142 142 0 0 0 284 0" />
      </defs>
      <circle cx="200" cy="200" r="190" fill="url(#mk-emblem-bg)" stroke="url(#mk-emblem-gold)" strokeOpacity="0.5" />
      <circle cx="200" cy="200" r="170" fill="none" stroke="url(#mk-emblem-gold)" strokeOpacity="0.35" />
      {ticks.map((i) => {
        const a = (i * 6 * Math.PI) / 180;
        const long = i % 5 === 0;
        const r1 = 170;
        const r2 = long ? 156 : 163;
        return (
          <line
            key={i}
            x1={200 + Math.sin(a) * r1}
            y1={200 - Math.cos(a) * r1}
            x2={200 + Math.sin(a) * r2}
            y2={200 - Math.cos(a) * r2}
            stroke="#c9a35c"
            strokeOpacity={long ? 0.8 : 0.35}
            strokeWidth={long ? 1.6 : 1}
          />
        );
      })}
      <text fill="#c9a35c" fontSize="13" letterSpacing="6" fontFamily="Inter Variable, sans-serif">
        <textPath href="#mk-emblem-arc" startOffset="50%" textAnchor="middle">
          MERIDIAN · VALET · CHAUFFEUR
        </textPath>
      </text>
      <text fill="#9a9486" fontSize="11" letterSpacing="5" fontFamily="Inter Variable, sans-serif">
        <textPath href="#mk-emblem-arc-low" startOffset="50%" textAnchor="middle">
          RATED 5.0 BY OUR CLIENTS
        </textPath>
      </text>
      <text x="200" y="222" textAnchor="middle" fill="url(#mk-emblem-gold)" fontSize="112" fontFamily="Cormorant Garamond, serif" fontWeight="500" className="lining-nums">
        15+
      </text>
      <text x="200" y="256" textAnchor="middle" fill="#ece7dc" fillOpacity="0.7" fontSize="12" letterSpacing="5" fontFamily="Inter Variable, sans-serif">
        YEARS
      </text>
    </svg>
  );
}

export function AboutSection() {
  return (
    <section id="about" aria-labelledby="about-title" className="relative scroll-mt-16 overflow-hidden border-y border-border bg-surface/40 py-24 sm:py-32">
      <div aria-hidden="true" className="pointer-events-none absolute -left-40 top-1/2 size-[520px] -translate-y-1/2 rounded-full bg-gold/[0.07] blur-3xl" />
      <div className="relative mx-auto grid max-w-7xl items-center gap-16 px-5 sm:px-8 lg:grid-cols-[0.9fr_1.1fr] lg:gap-24">
        <div className="flex justify-center">
          <Emblem />
        </div>
        <div>
          <SectionHeading
            align="left"
            id="about-title"
            eyebrow="About Meridian"
            title={
              <>
                Fifteen years of <Accent>quiet excellence.</Accent>
              </>
            }
          />
          <div className="mt-6 space-y-4 text-[1.02rem] leading-relaxed text-muted">
            <p>
              Meridian began with a single valet stand at a Beverly Hills dinner party. For more than fifteen years we
              have grown by referral alone, parking for weddings, galas and private estates, and driving the executives
              who attend them.
            </p>
            <p>
              Our attendants and chauffeurs are trained in-house, insured, and held to one standard: the guest should
              never have to wait, ask twice, or wonder where their car is.
            </p>
          </div>
          <dl className="mt-10 grid grid-cols-3 divide-x divide-border border-y border-border">
            {STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col px-3 py-6 text-center sm:px-6">
                <dt className="order-2 mt-1 text-[0.62rem] uppercase tracking-[0.2em] text-muted sm:text-[0.68rem]">{stat.label}</dt>
                <dd className="order-1 font-display text-4xl lining-nums font-medium text-gold-bright sm:text-5xl">{stat.value}</dd>
              </div>
            ))}
          </dl>
          <p className="mt-6 flex items-center gap-3 text-sm text-foreground/75">
            <RatingStars size={14} /> Rated 5.0 by our clients
          </p>
        </div>
      </div>
    </section>
  );
}
