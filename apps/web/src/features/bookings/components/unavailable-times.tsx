// A ride time that cannot be served (the quote or the booking answered 409 unavailable): the server's sentence and
// its nearest sellable times the same day as buttons ("6:15 PM"); tapping one sets the time and the form quotes again.
import { formatClock } from "@meridian/shared/valet-pricing";
import { CalendarClock } from "lucide-react";
import type { Ref } from "react";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";

export type AlternativeTime = { date: string; time: string };
export const UNAVAILABLE_CODE = "unavailable";

/** Whether an answer says "this time cannot be served" (a 409: the same code on a 503 means the database is down). */
export const isUnavailable = (error: unknown): error is ApiError => error instanceof ApiError && error.status === 409 && error.code === UNAVAILABLE_CODE;

/** The refusal to show, when `error` is one. */
export function unavailableOf(error: unknown): { message: string; alternatives: AlternativeTime[] } | null {
  if (!isUnavailable(error)) return null;
  return { message: error.message, alternatives: error.alternatives ?? [] };
}

export function UnavailableTimes({
  error,
  onPick,
  disabled,
  ref,
}: {
  error: unknown;
  onPick: (alternative: AlternativeTime) => void;
  disabled?: boolean;
  ref?: Ref<HTMLDivElement>;
}) {
  const refusal = unavailableOf(error);
  if (!refusal) return null;
  return (
    // scroll-mb: scrolled into view, it clears the dialog's sticky footer (Total, Confirm Booking).
    <div ref={ref} role="alert" data-testid="unavailable-times" className="scroll-mb-32 rounded-lg border border-gold/30 bg-gold/[0.06] px-4 py-4">
      <p className="flex gap-2.5 text-sm leading-relaxed text-foreground">
        <CalendarClock className="mt-0.5 size-4 shrink-0 text-gold" aria-hidden />
        <span>{refusal.message}</span>
      </p>
      {refusal.alternatives.length ? (
        <div role="group" aria-label="Available times" className="mt-3.5 flex flex-wrap gap-2.5 pl-6.5">
          {refusal.alternatives.map((a) => (
            <Button key={`${a.date} ${a.time}`} type="button" variant="outline" size="sm" disabled={disabled} onClick={() => onPick(a)}>
              {formatClock(a.time)}
            </Button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
