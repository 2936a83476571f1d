// Every route's document title, from its path: "Bookings · Meridian Admin", "Your car · Meridian"... Set by the
// root layout on each navigation.

const SITE = "Meridian";
const HOME_TITLE = "Meridian · Valet & Executive Chauffeur";

/** The admin screens by path, in the sidebar's words (admin-nav.ts; a test keeps the two the same). */
export const ADMIN_SCREEN_TITLES: Record<string, string> = {
  "/admin": "Overview",
  "/admin/users": "Users & Roles",
  "/admin/dispatch": "Dispatch Board",
  "/admin/bookings": "Bookings",
  "/admin/tickets": "Ticket Center",
  "/admin/valet": "Valet Operations",
  "/admin/pricing": "Pricing Rules",
  "/admin/vehicles": "Vehicles",
  "/admin/fleet": "Fleet",
  "/admin/staff": "Staff",
  "/admin/coupons": "Coupons",
  "/admin/reports": "Reports",
  "/admin/incidents": "Incidents",
  "/admin/settings": "Settings",
  "/admin/audit": "Audit Logs",
};

const STAFF_SCREEN_TITLES: Record<string, string> = {
  "/staff/valet": "Valet",
  "/staff/rides": "Your rides",
};

const PAGE_TITLES: Record<string, string> = {
  "/dashboard": "Your bookings",
  "/reset-password": "Choose a password",
};

export function routeTitle(pathname: string): string {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/") return HOME_TITLE;
  if (path === "/admin" || path.startsWith("/admin/")) {
    const screen = ADMIN_SCREEN_TITLES[path.split("/").slice(0, 3).join("/")];
    return `${screen ?? "Overview"} · ${SITE} Admin`;
  }
  if (path === "/staff" || path.startsWith("/staff/")) {
    const screen = STAFF_SCREEN_TITLES[path.split("/").slice(0, 3).join("/")];
    return screen ? `${screen} · ${SITE} Staff` : `${SITE} Staff`;
  }
  if (/^\/t\/[^/]+$/.test(path)) return `Your car · ${SITE}`;
  if (/^\/bookings\/[^/]+\/payment$/.test(path)) return `Confirm your card · ${SITE}`;
  const page = PAGE_TITLES[path];
  return page ? `${page} · ${SITE}` : `Page not found · ${SITE}`;
}
