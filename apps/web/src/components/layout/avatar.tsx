// The account initials in a gold ring, used by the header menu and the mobile menu.
export function Avatar({ initials, className = "" }: { initials: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`grid size-10 shrink-0 place-items-center rounded-full border border-gold/50 bg-[radial-gradient(circle_at_30%_25%,#2a2416,#121215_70%)] font-display text-base font-semibold tracking-wider text-gold-bright ${className}`}
    >
      {initials}
    </span>
  );
}
