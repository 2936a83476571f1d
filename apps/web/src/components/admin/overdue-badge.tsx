import { OVERDUE_LABEL } from "@meridian/shared/booking-status";
import { AlertTriangle } from "lucide-react";

/** The "Overdue" flag on a ride still pending or confirmed past its pickup (dispatch board, Overview): solid, so it
 *  stands out from every status badge. */
export function OverdueBadge({ title }: { title?: string }) {
  return (
    <span
      data-testid="overdue"
      title={title ?? "Pickup time has passed and no chauffeur has started this ride."}
      className="inline-flex items-center gap-1 rounded-full bg-danger px-2.5 py-0.5 text-xs font-semibold uppercase tracking-[0.12em] text-background"
    >
      <AlertTriangle className="size-3.5" aria-hidden /> {OVERDUE_LABEL}
    </span>
  );
}
