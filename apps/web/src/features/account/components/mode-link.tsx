import type { ReactNode } from "react";

/** A quiet text button used for the links that switch between the sign-in modal's modes. */
export function ModeLink({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="cursor-pointer font-medium text-gold underline decoration-gold/50 underline-offset-4 transition-colors hover:text-gold-bright hover:decoration-gold"
    >
      {children}
    </button>
  );
}
