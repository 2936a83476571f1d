// The valet module's front door (valet/, admin/admin-valet.routes.ts, admin/core/tickets.service.ts): all of it that
// code outside may import (docs/architecture.md). The module's own files import each other directly, never this index.
export { adminValetRoutes } from "../admin/admin-valet.routes";
export { getTicket, listTickets, updateTicket } from "../admin/core/tickets.service";
export { claimRoutes } from "./claim.routes";
export { MAX_UPLOAD_BODY_BYTES, UPLOAD_PATH_RE } from "./uploads";
export { valetRoutes } from "./valet.routes";
