// The vehicles module's front door (vehicles/): all of it that code outside may import
// (docs/architecture.md). The module's own files import each other directly, never this index.
export { vehiclesRoutes } from "./vehicles.routes";
