// The checkout module's front door (checkout/): all of it that code outside may import
// (docs/architecture.md). The module's own files import each other directly, never this index.
export { bookingsRoutes } from "./bookings.routes";
export { callerBookingsRoutes } from "./caller-bookings.routes";
