// The Meridian wordmark: a gold meridian arc over an M-shaped horizon, then the name in display type.
import { Link } from "react-router";
import { cn } from "@/lib/utils";

export function MeridianMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" className={cn("size-8", className)} fill="none">
      <defs>
        <linearGradient id="meridian-mark-gold" x1="0" y1="0" x2="40" y2="40" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#f3dca0" />
          <stop offset="0.5" stopColor="#c9a35c" />
          <stop offset="1" stopColor="#8c7441" />
        </linearGradient>
      </defs>
      <circle cx="20" cy="20" r="18.5" stroke="url(#meridian-mark-gold)" strokeWidth="1" opacity="0.55" />
      <ellipse cx="20" cy="20" rx="7.5" ry="18.5" stroke="url(#meridian-mark-gold)" strokeWidth="1" opacity="0.55" />
      <path d="M10 27V13.5l10 10 10-10V27" stroke="url(#meridian-mark-gold)" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function Logo({ className, onClick }: { className?: string; onClick?: () => void }) {
  return (
    <Link to="/" onClick={onClick} aria-label="Meridian, home" className={cn("group inline-flex items-center gap-2.5", className)}>
      <MeridianMark className="transition-transform duration-500 group-hover:rotate-[8deg]" />
      {/* Weight 500, the headlines' own: the first screen needs no other cut of the display face (bench/README.md, home). */}
      <span className="font-display text-[1.7rem] font-medium leading-none tracking-[0.06em] text-foreground">Meridian</span>
    </Link>
  );
}
