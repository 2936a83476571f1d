// Query-key factories: every query's key comes from here, and every invalidation goes through them (a change in
// one domain often refreshes another's lists: the audit log, the dispatch board, the overview). Keys of the
// signed-in customer start with "me", the desk's with "admin", the staff's with "staff": the live-updates
// listener and sign-out refresh or drop each group by that first part (`meKeys.all()`, `adminKeys.all()`).

export const sessionKeys = { session: () => ["auth", "session"] as const };
export const settingsKeys = { public: () => ["settings", "public"] as const };
export const paymentKeys = {
  config: () => ["payments", "config"] as const,
  myReceipts: () => ["me", "receipts"] as const,
  /** A customer's booking payment, and a caller's opened by its secure link (/pay/:token). */
  myBookingPayment: (bookingId: string) => ["me", "bookings", bookingId, "payment"] as const,
  link: (token: string) => ["payment-links", token] as const,
  bookingPayment: (bookingId: string) => ["admin", "bookings", "detail", bookingId, "payment"] as const,
};
export const placeKeys = {
  place: (placeId: string) => ["places", "place", placeId] as const,
  reverse: (lat: string, lng: string) => ["places", "reverse", lat, lng] as const,
  suggest: (q: string, session: string) => ["places", "suggest", q, session] as const,
};
export const devKeys = { mailbox: (email: string) => ["dev", "mailbox", email] as const };

export const meKeys = {
  all: () => ["me"] as const,
  profile: (userId: string | undefined) => ["me", "profile", userId] as const,
};
export const staffKeys = { all: () => ["staff"] as const };

export const bookingKeys = {
  mine: () => ["me", "bookings"] as const,
  cancellation: (id: string) => ["me", "bookings", id, "cancellation"] as const,
  times: () => ["booking-times"] as const,
  vehicles: () => ["vehicles"] as const,
  liveQuote: <I>(service: string, input: I) => [service, input] as const,
  /** The desk's bookings: lists and details. */
  all: () => ["admin", "bookings"] as const,
  list: <F>(filters: F) => ["admin", "bookings", "list", filters] as const,
  detail: (id: string) => ["admin", "bookings", "detail", id] as const,
  customers: (q: string) => ["admin", "customers", q] as const,
};

export const valetKeys = {
  myTickets: () => ["me", "tickets"] as const,
  ticket: (id: string) => ["valet", "ticket", id] as const,
  stands: () => ["valet", "stands"] as const,
  queue: () => ["valet", "queue"] as const,
  todaysAll: () => ["valet", "bookings-today"] as const,
  todays: (stand: string) => ["valet", "bookings-today", stand] as const,
  /** The desk's tickets. */
  tickets: () => ["admin", "tickets"] as const,
  ticketList: <F>(filters: F) => ["admin", "tickets", filters] as const,
  ticketValet: (id: string) => ["admin", "tickets", id, "valet"] as const,
  lotBoard: () => ["admin", "valet", "board"] as const,
  incidents: (page: number) => ["admin", "incidents", page] as const,
};

export const rideKeys = {
  mine: () => ["staff", "rides"] as const,
  dispatch: () => ["admin", "dispatch"] as const,
  dispatchDay: (date?: string) => ["admin", "dispatch", date ?? "today"] as const,
  shifts: () => ["admin", "shifts"] as const,
  shiftsFrom: (from: string) => ["admin", "shifts", from] as const,
  staff: () => ["admin", "staff"] as const,
};

export const pricingKeys = {
  overview: () => ["admin", "pricing"] as const,
  valetRates: () => ["admin", "pricing", "valet"] as const,
  vehicles: () => ["admin", "vehicles"] as const,
  units: () => ["admin", "fleet", "units"] as const,
  coupons: () => ["admin", "coupons"] as const,
};

export const userKeys = {
  all: () => ["admin", "users"] as const,
  list: <F>(filters: F) => ["admin", "users", filters] as const,
};

export const adminKeys = {
  all: () => ["admin"] as const,
  overview: () => ["admin", "overview"] as const,
  analytics: <D>(days: D) => ["admin", "analytics", days] as const,
  reports: () => ["admin", "reports"] as const,
  report: <R>(range: R) => ["admin", "reports", range] as const,
  audit: () => ["admin", "audit"] as const,
  auditPage: (page: number, pageSize: number) => ["admin", "audit", { page, pageSize }] as const,
  settings: () => ["admin", "settings"] as const,
  settingsSection: (section: string) => ["admin", "settings", section] as const,
  maps: () => ["admin", "settings", "maps"] as const,
};
