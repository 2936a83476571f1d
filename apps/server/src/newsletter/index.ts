// The newsletter module's front door (newsletter/): all of it that code outside may import
// (docs/architecture.md). The module's own files import each other directly, never this index.
export { newsletterRoutes } from "./newsletter.routes";
