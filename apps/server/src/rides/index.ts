// The rides module's front door (rides/, flights/, admin/admin-ops.routes.ts, admin/fleet/units.service.ts): all of it
// that code outside may import (docs/architecture.md). The module's own files import each other directly, never this
// index. flights/ has no door of its own: it and rides/ import each other, so two doors would make an import cycle.
export { adminOpsRoutes } from "../admin/admin-ops.routes";
export { adminFlightRoutes } from "../flights/flights.routes";
export { createFlightProvider } from "../flights/flights.service";
export { flightJobHandlers } from "../flights/follow";
export { createAvailability } from "./availability.service";
export { cancelByCustomer, previewCancellation } from "./cancel.service";
export { OVERDUE_SWEEP_JOB, overdueSweepHandler, scheduleOverdueSweep } from "./overdue";
export { rescheduleRide } from "./reschedule.service";
export { jobHandlers } from "./ride-notices";
export { staffRoutes } from "./staff.routes";
