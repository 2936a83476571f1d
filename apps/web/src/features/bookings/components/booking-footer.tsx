// The booking dialog's footer: the total and the confirm button stay in view at the bottom of the dialog while the
// form scrolls under them (issue 27 point 7: on a 1280x720 laptop the form is taller than the dialog). It sticks
// to the dialog's scrolling box, the negative margins cancelling the dialog's padding so it covers the edge.
import { formatMoney } from "@meridian/shared/money";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

/** The total, and the form's submit button (`label`; "Confirming…" with a spinner while `submitting`). */
export function BookingFooter({
  total,
  calculating,
  label,
  disabled,
  submitting,
}: {
  total: number | null;
  calculating: boolean;
  label: string;
  disabled: boolean;
  submitting: boolean;
}) {
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
      <div className="min-w-0 flex-1">
        <Button type="submit" size="lg" className="w-full" disabled={disabled} aria-busy={submitting || undefined}>
          {submitting ? <Spinner className="size-4 border-background/30 border-t-background" label="Booking" /> : null}
          {submitting ? "Confirming…" : label}
        </Button>
      </div>
    </div>
  );
}
