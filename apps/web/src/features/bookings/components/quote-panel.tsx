// The server's itemised quote (a ride's or an event's): a one-line summary, each line, the total (2 decimals).
// Screen readers hear each new total once it is settled (not the recalculations in between).
import { useState, type ReactNode } from "react";
import { LiveRegion } from "@/components/ui/live-region";
import { Spinner } from "@/components/ui/spinner";
import { formatMoney } from "@meridian/shared/money";
import { cn } from "@/lib/utils";

type PricedLines = { lines: readonly { kind: string; label: string; amountUsd: number }[]; totalUsd: number };

type QuotePanelProps = {
  quote: PricedLines | null;
  /** What was priced, e.g. the vehicle, miles and minutes. */
  summary?: ReactNode;
  calculating: boolean;
  hint: string;
  caption?: string;
};

export function QuotePanel(props: QuotePanelProps) {
  const { quote, calculating } = props;
  // While a new quote is calculated the last total stays announced; no quote at all clears it.
  const settled = calculating ? null : quote ? `Your quote: ${formatMoney(quote.totalUsd)}.` : "";
  const [announced, setAnnounced] = useState("");
  if (settled !== null && settled !== announced) setAnnounced(settled);
  return (
    <>
      <LiveRegion message={announced} data-testid="quote-announcement" />
      <QuoteView {...props} />
    </>
  );
}

function QuoteView({
  quote,
  summary,
  calculating,
  hint,
  caption = "All-inclusive fare in USD, confirmed when you book.",
}: QuotePanelProps) {
  if (!quote && !calculating) {
    return (
      <div className="rounded-lg border border-dashed border-border px-4 py-5 text-center text-sm text-muted">
        {hint}
      </div>
    );
  }
  return (
    <section
      aria-label="Your quote"
      aria-busy={calculating}
      data-testid="quote"
      className="relative overflow-hidden rounded-lg border border-gold/40 bg-gradient-to-b from-gold/[0.07] to-transparent"
    >
      {calculating ? (
        <div className={cn("flex items-center gap-3 px-5 py-4 text-sm text-muted", quote && "absolute inset-x-0 top-0 z-10 bg-surface/85 backdrop-blur-[2px]")}>
          <Spinner className="size-4 border" label="Calculating your quote" />
          Calculating your quote…
        </div>
      ) : null}
      {quote ? (
        <div className={cn("px-5 py-4 transition-opacity", calculating && "opacity-40")}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <p className="text-xs font-medium uppercase tracking-[0.16em] text-gold">Your quote</p>
            <p className="text-xs text-muted" data-testid="quote-trip">
              {summary}
            </p>
          </div>
          <dl className="mt-3 space-y-1.5 text-sm">
            {quote.lines.map((line) => (
              <div key={`${line.kind}-${line.label}`} className="flex items-baseline justify-between gap-4">
                <dt className="text-muted">{line.label}</dt>
                <dd className="tabular-nums text-foreground/90">{formatMoney(line.amountUsd)}</dd>
              </div>
            ))}
          </dl>
          <div className="mt-3 flex items-baseline justify-between gap-4 border-t border-gold/20 pt-3">
            <span className="text-sm font-medium text-foreground">Total</span>
            <span className="font-display text-3xl font-semibold text-gold-bright lining-nums tabular-nums" data-testid="quote-total">
              {formatMoney(quote.totalUsd)}
            </span>
          </div>
          <p className="mt-1 text-right text-[11px] text-muted">{caption}</p>
        </div>
      ) : null}
    </section>
  );
}
