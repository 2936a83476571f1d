// The quote counter's port (Deps.quoteCounts): answered quotes per day and service, the top of the booking funnel.
// The implementation, which writes them to quote_counts every few seconds, is pricing's (quotes/quote-counter.ts).

export type QuoteService = "ride" | "valet";

export type QuoteCounter = {
  /** One answered quote (200) of this service; `withCoupon` when a code applied. */
  count(service: QuoteService, withCoupon: boolean): void;
  /** Writes the counts so far (at most one write at a time). */
  flush(): Promise<void>;
  /** The last write; later counts are dropped. */
  close(): Promise<void>;
};
