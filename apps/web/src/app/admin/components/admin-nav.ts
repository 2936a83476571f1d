import {
  BadgeDollarSign,
  CalendarCheck,
  Car,
  CarFront,
  ChartColumn,
  LayoutDashboard,
  Route as RouteIcon,
  ScrollText,
  Settings,
  Ticket,
  TicketPercent,
  TriangleAlert,
  UserCog,
  Users,
  type LucideIcon,
} from "lucide-react";

import type { Role } from "@meridian/shared/roles";

/** `desk`: dispatchers see it too; every other screen is admin-only (the server checks the same). */
export type AdminNavItem = { to: string; label: string; icon: LucideIcon; end?: boolean; desk?: boolean };

/** The sidebar, in the spec's order and words. */
export const adminNav: AdminNavItem[] = [
  { to: "/admin", label: "Overview", icon: LayoutDashboard, end: true },
  { to: "/admin/users", label: "Users & Roles", icon: Users },
  { to: "/admin/dispatch", label: "Dispatch Board", icon: RouteIcon, desk: true },
  { to: "/admin/bookings", label: "Bookings", icon: CalendarCheck, desk: true },
  { to: "/admin/tickets", label: "Ticket Center", icon: Ticket },
  { to: "/admin/pricing", label: "Pricing Rules", icon: BadgeDollarSign },
  { to: "/admin/vehicles", label: "Vehicles", icon: Car },
  { to: "/admin/fleet", label: "Fleet", icon: CarFront },
  { to: "/admin/staff", label: "Staff", icon: UserCog },
  { to: "/admin/coupons", label: "Coupons", icon: TicketPercent },
  { to: "/admin/reports", label: "Reports", icon: ChartColumn },
  { to: "/admin/incidents", label: "Incidents", icon: TriangleAlert },
  { to: "/admin/settings", label: "Settings", icon: Settings },
  { to: "/admin/audit", label: "Audit Logs", icon: ScrollText },
];

/** The sidebar items this role may open. */
export const adminNavFor = (role: Role) => adminNav.filter((i) => role === "admin" || (role === "dispatcher" && i.desk));
