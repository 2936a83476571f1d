// The booking dialog's footer: the total and the confirm button stay in view at the bottom of the dialog while the
// form scrolls under them (issue 27 point 7: on a 1280x720 laptop the form is taller than the dialog). It sticks
// to the dialog's scrolling box, the negative margins cancelling the dialog's padding so it covers the edge.
import type { ReactNode } from "react";
import { formatMoney } from "@meridian/shared/money";
import { cn } from "@/lib/utils";

export function BookingFooter({ total, calculating, children }: { total: number | null; calculating: boolean; children: ReactNode }) {
  return (
    <div
      data-testid="booking-footer"
      className="sticky -bottom-6 z-10 -mx-6 -mb-6 flex items-center gap-4 border-t border-border bg-surface px-6 py-4 sm:-bottom-8 sm:-mx-8 sm:-mb-8 sm:px-8"
    >
      <p className="shrink-0 leading-tight" aria-live="off">
        <span className="block text-[11px] font-medium uppercase tracking-[0.16em] text-muted">Total</span>
        <span data-testid="footer-total" className={cn("font-display text-2xl font-semibold text-gold-bright tabular-nums", calculating && "opacity-50")}>
          {total === null ? "—" : formatMoney(total)}
        </span>
      </p>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
