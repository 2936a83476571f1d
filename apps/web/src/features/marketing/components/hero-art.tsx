// The hero's art, drawn inline (no network images): a tilted gold globe of meridians above a night road
// of light trails, like a long exposure of cars arriving. It is static on purpose: animating anything
// inside an SVG with blur filters repaints all of it every frame, which software rendering cannot afford.
const CX = 1060;
const CY = 390;
const R = 330;
const MERIDIAN_ANGLES = [0, 18, 36, 54, 72];
const PARALLELS = [-60, -30, 0, 30, 60];

/** To a tenth (or a hundredth): the page the server draws carries these numbers, not 532.9000000000001. */
const tenth = (v: number) => Math.round(v * 10) / 10;
const hundredth = (v: number) => Math.round(v * 100) / 100;

// A fixed scatter of distant lights (deterministic, so server and client agree and screenshots are stable).
const LIGHTS = Array.from({ length: 46 }, (_, i) => {
  const x = tenth((i * 157.3 + 61) % 1440);
  const y = tenth((i * 89.7 + 23) % 520);
  const r = hundredth(0.6 + ((i * 7) % 5) * 0.22);
  const o = hundredth(0.18 + ((i * 13) % 7) * 0.06);
  return { x, y, r, o };
});

const TRAILS = [
  { d: "M-80 842 C 360 792, 760 724, 1520 560", w: 2.2, color: "url(#mk-trail-gold)" },
  { d: "M-80 872 C 380 830, 800 770, 1520 612", w: 1.4, color: "url(#mk-trail-ivory)" },
  { d: "M-80 902 C 420 868, 840 818, 1520 664", w: 2.6, color: "url(#mk-trail-gold)" },
  { d: "M-80 812 C 340 752, 720 680, 1520 508", w: 1.1, color: "url(#mk-trail-ember)" },
];

export function HeroArt({ className }: { className?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 1440 900"
      preserveAspectRatio="xMaxYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <radialGradient id="mk-sky" cx="0.74" cy="0.42" r="0.7">
          <stop offset="0" stopColor="#2a2216" />
          <stop offset="0.45" stopColor="#141210" />
          <stop offset="1" stopColor="#0b0b0d" />
        </radialGradient>
        <radialGradient id="mk-horizon" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stopColor="#c9a35c" stopOpacity="0.45" />
          <stop offset="1" stopColor="#c9a35c" stopOpacity="0" />
        </radialGradient>
        <linearGradient id="mk-globe" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f3dca0" />
          <stop offset="1" stopColor="#8c7441" />
        </linearGradient>
        <linearGradient id="mk-trail-gold" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#c9a35c" stopOpacity="0" />
          <stop offset="0.5" stopColor="#e0bf7a" />
          <stop offset="1" stopColor="#fff1cf" />
        </linearGradient>
        <linearGradient id="mk-trail-ivory" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#ece7dc" stopOpacity="0" />
          <stop offset="1" stopColor="#fff8ea" />
        </linearGradient>
        <linearGradient id="mk-trail-ember" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stopColor="#b4533c" stopOpacity="0" />
          <stop offset="1" stopColor="#e07a5a" />
        </linearGradient>
        <filter id="mk-soft-glow" x="-20%" y="-50%" width="140%" height="200%">
          <feGaussianBlur stdDeviation="5" />
        </filter>
        <filter id="mk-wide-glow" x="-50%" y="-50%" width="200%" height="200%">
          <feGaussianBlur stdDeviation="40" />
        </filter>
      </defs>

      <rect width="1440" height="900" fill="url(#mk-sky)" />

      {LIGHTS.map((l, i) => (
        <circle key={i} cx={l.x} cy={l.y} r={l.r} fill="#f3dca0" opacity={l.o} />
      ))}

      {/* The globe of meridians, tilted like the earth's axis. */}
      <g transform={`rotate(-16 ${CX} ${CY})`} fill="none" stroke="url(#mk-globe)">
        <circle cx={CX} cy={CY} r={R + 26} strokeOpacity="0.1" strokeWidth="1" strokeDasharray="2 10" />
        <circle cx={CX} cy={CY} r={R} strokeOpacity="0.38" strokeWidth="1.2" />
        {MERIDIAN_ANGLES.map((deg) => {
          const rx = tenth(Math.abs(Math.cos((deg * Math.PI) / 180) * R));
          return <ellipse key={deg} cx={CX} cy={CY} rx={rx} ry={R} strokeOpacity={hundredth(0.12 + deg / 600)} strokeWidth="1" />;
        })}
        <line x1={CX} y1={CY - R} x2={CX} y2={CY + R} strokeOpacity="0.25" strokeWidth="1" />
        {PARALLELS.map((deg) => {
          const rad = (deg * Math.PI) / 180;
          const rx = tenth(Math.cos(rad) * R);
          return <ellipse key={deg} cx={CX} cy={tenth(CY + Math.sin(rad) * R)} rx={rx} ry={tenth(rx * 0.16)} strokeOpacity="0.16" strokeWidth="1" />;
        })}
        {/* The meridian: one bright line with a glow. */}
        <ellipse cx={CX} cy={CY} rx={R * 0.42} ry={R} stroke="#e0bf7a" strokeWidth="5" strokeOpacity="0.35" filter="url(#mk-soft-glow)" />
        <ellipse cx={CX} cy={CY} rx={R * 0.42} ry={R} stroke="#f3dca0" strokeWidth="1.4" strokeOpacity="0.9" />
        <circle cx={CX + R * 0.42} cy={CY} r="4" fill="#fff1cf" stroke="none" />
        <circle cx={CX + R * 0.42} cy={CY} r="14" fill="#e0bf7a" stroke="none" opacity="0.35" filter="url(#mk-soft-glow)" />
      </g>

      {/* Horizon glow and the road of light trails. */}
      <ellipse cx="980" cy="760" rx="760" ry="150" fill="url(#mk-horizon)" filter="url(#mk-wide-glow)" />
      <g fill="none" strokeLinecap="round">
        {TRAILS.map((t) => (
          <g key={t.d}>
            <path d={t.d} stroke={t.color} strokeWidth={t.w * 3} strokeOpacity="0.45" filter="url(#mk-soft-glow)" />
            <path d={t.d} stroke={t.color} strokeWidth={t.w} />
          </g>
        ))}
      </g>
    </svg>
  );
}
