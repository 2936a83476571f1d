// The bookings module's front door (bookings/, admin/core/bookings.service.ts): all of it that code outside may import
// (docs/architecture.md). The module's own files import each other directly, never this index.
export {
  BOOKINGS_CSV_HEADER,
  bookingSummary,
  bookingsCsvLines,
  changeBookingStatus,
  csvField,
  exportBookingIds,
  exportBookingRows,
  getBooking,
  listBookings,
} from "../admin/core/bookings.service";
export {
  STALE_STATUS_MESSAGE,
  announceBooking,
  assignmentNames,
  moveBooking,
  rideDetailsOf,
  rideFacts,
  rideView,
  stampEvent,
  startOf,
} from "./booking-gate";
export type { BookingRow, EventActor } from "./booking-gate";
export { insertBookingRows } from "./booking-rows";
export type { BookingRowsInput } from "./booking-rows";
export { FLIGHT_FOLLOW_JOB, bookingFlightOf, followJobAt } from "./flight-follow-job";
export { RIDE_REMINDER_JOB, cancelRideReminders, scheduleRideReminder } from "./ride-reminders";
export { SETTLE_JOB } from "./settlement-job";
export { newTicketCode } from "./ticket-code";
