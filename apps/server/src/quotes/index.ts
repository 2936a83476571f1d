// The quotes module's front door (quotes/, admin/admin-fleet.routes.ts, admin/fleet/pricing.service.ts,
// admin/fleet/vehicles.service.ts): all of it that code outside may import (docs/architecture.md). The module's own
// files import each other directly, never this index.
export { adminFleetRoutes } from "../admin/admin-fleet.routes";
export { pricingSnapshot } from "./pricing-data";
export { createQuoteCounter } from "./quote-counter";
export { withQuoteFastPath } from "./quote-fast-path";
export { verifyQuoteToken, verifyValetQuoteToken } from "./quote-token";
export type { Verified } from "./quote-token";
export { priceQuote, refuseUnbookableTime } from "./quote.service";
export { quotesRoutes } from "./quotes.routes";
export { priceValetQuote } from "./valet-quote.service";
export { valetQuotesRoutes } from "./valet-quotes.routes";
export { writeValetRates } from "./valet-rates.service";
