import {
  BadgeDollarSign,
  CalendarCheck,
  Car,
  ChartColumn,
  LayoutDashboard,
  ScrollText,
  Settings,
  Ticket,
  TicketPercent,
  TriangleAlert,
  UserCog,
  Users,
  type LucideIcon,
} from "lucide-react";

export type AdminNavItem = { to: string; label: string; icon: LucideIcon; end?: boolean };

/** The sidebar, in the spec's order and words. */
export const adminNav: AdminNavItem[] = [
  { to: "/admin", label: "Overview", icon: LayoutDashboard, end: true },
  { to: "/admin/users", label: "Users & Roles", icon: Users },
  { to: "/admin/bookings", label: "Bookings", icon: CalendarCheck },
  { to: "/admin/tickets", label: "Ticket Center", icon: Ticket },
  { to: "/admin/pricing", label: "Pricing Rules", icon: BadgeDollarSign },
  { to: "/admin/vehicles", label: "Vehicles", icon: Car },
  { to: "/admin/staff", label: "Staff", icon: UserCog },
  { to: "/admin/coupons", label: "Coupons", icon: TicketPercent },
  { to: "/admin/reports", label: "Reports", icon: ChartColumn },
  { to: "/admin/incidents", label: "Incidents", icon: TriangleAlert },
  { to: "/admin/settings", label: "Settings", icon: Settings },
  { to: "/admin/audit", label: "Audit Logs", icon: ScrollText },
];
