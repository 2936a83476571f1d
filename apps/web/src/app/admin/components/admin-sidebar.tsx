// The admin sidebar: 280 px with labels or 80 px with icons only (remembered), and a drawer on phones.
import { Dialog as D } from "radix-ui";
import { Menu, PanelLeftClose, PanelLeftOpen, X } from "lucide-react";
import { useEffect, useState } from "react";
import { NavLink, useLocation } from "react-router";
import { cn } from "@/lib/utils";
import { useAuth } from "@/lib/auth/auth-context";
import { adminNavFor } from "./admin-nav";

function useNav() {
  const { user } = useAuth();
  return adminNavFor(user?.role ?? "user");
}

export const SIDEBAR_EXPANDED_PX = 280;
export const SIDEBAR_COLLAPSED_PX = 80;
const STORAGE_KEY = "meridian.admin.sidebarCollapsed";

function NavList({ collapsed, onNavigate }: { collapsed: boolean; onNavigate?: () => void }) {
  const nav = useNav();
  return (
    <ul className="flex flex-col gap-1">
      {nav.map(({ to, label, icon: Icon, end }) => (
        <li key={to}>
          <NavLink
            to={to}
            end={end}
            onClick={onNavigate}
            title={collapsed ? label : undefined}
            aria-label={collapsed ? label : undefined}
            className={({ isActive }) =>
              cn(
                "group relative flex h-11 items-center gap-3.5 rounded-lg text-sm transition-colors",
                collapsed ? "justify-center px-0" : "px-4",
                isActive ? "bg-gold/[0.09] text-gold-bright" : "text-foreground/70 hover:bg-white/[0.04] hover:text-foreground",
              )
            }
          >
            {({ isActive }) => (
              <>
                <span className={cn("absolute left-0 top-2 bottom-2 w-0.5 rounded-full bg-gold transition-opacity", isActive ? "opacity-100" : "opacity-0")} aria-hidden />
                <Icon className={cn("size-[18px] shrink-0", isActive ? "text-gold" : "text-muted group-hover:text-gold/80")} aria-hidden />
                {collapsed ? null : <span className="truncate tracking-wide">{label}</span>}
              </>
            )}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

export function AdminSidebar() {
  const [collapsed, setCollapsed] = useState(() => {
    try {
      const saved = localStorage.getItem(STORAGE_KEY);
      // No choice saved yet: start with icons only on narrow (tablet) screens.
      return saved === null ? window.innerWidth < 1024 : saved === "1";
    } catch {
      return false;
    }
  });
  useEffect(() => {
    try {
      localStorage.setItem(STORAGE_KEY, collapsed ? "1" : "0");
    } catch {
      /* private mode: not remembered */
    }
  }, [collapsed]);

  return (
    <aside
      data-testid="admin-sidebar"
      data-collapsed={collapsed}
      style={{ width: collapsed ? SIDEBAR_COLLAPSED_PX : SIDEBAR_EXPANDED_PX }}
      className="sticky top-[72px] hidden h-[calc(100dvh-72px)] shrink-0 flex-col border-r border-border bg-surface/60 backdrop-blur-sm transition-[width] duration-300 ease-out md:flex"
    >
      <div className={cn("flex h-16 items-center border-b border-border/70", collapsed ? "justify-center" : "justify-between pl-6 pr-3")}>
        {collapsed ? null : <span className="text-[0.68rem] font-medium uppercase tracking-[0.32em] text-gold">Back Office</span>}
        <button
          type="button"
          onClick={() => setCollapsed((c) => !c)}
          aria-label={collapsed ? "Expand sidebar" : "Collapse sidebar"}
          aria-expanded={!collapsed}
          className="grid size-9 cursor-pointer place-items-center rounded-md text-muted transition-colors hover:bg-white/5 hover:text-gold"
        >
          {collapsed ? <PanelLeftOpen className="size-[18px]" /> : <PanelLeftClose className="size-[18px]" />}
        </button>
      </div>
      <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3 py-5">
        <NavList collapsed={collapsed} />
      </nav>
    </aside>
  );
}

/** Phones: a Menu button opening the same navigation in a drawer. */
export function AdminMobileNav() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const current = useNav().find((i) => (i.end ? pathname === i.to || pathname === `${i.to}/` : pathname.startsWith(i.to)));
  return (
    <D.Root open={open} onOpenChange={setOpen}>
      <D.Trigger asChild>
        <button
          type="button"
          className="inline-flex h-10 cursor-pointer items-center gap-2 rounded-md border border-border bg-surface-2 px-3.5 text-sm text-foreground md:hidden"
          aria-label="Open admin menu"
        >
          <Menu className="size-4 text-gold" />
          {current?.label ?? "Menu"}
        </button>
      </D.Trigger>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-50 bg-black/70 backdrop-blur-sm md:hidden" />
        <D.Content className="fixed inset-y-0 left-0 z-50 flex w-[min(300px,86vw)] flex-col border-r border-border bg-surface shadow-2xl md:hidden">
          <div className="flex h-16 items-center justify-between border-b border-border/70 pl-6 pr-3">
            <D.Title className="text-[0.68rem] font-medium uppercase tracking-[0.32em] text-gold">Back Office</D.Title>
            <D.Description className="sr-only">Admin sections</D.Description>
            <D.Close aria-label="Close menu" className="grid size-9 cursor-pointer place-items-center rounded-md text-muted hover:text-foreground">
              <X className="size-5" />
            </D.Close>
          </div>
          <nav aria-label="Admin" className="flex-1 overflow-y-auto px-3 py-5">
            <NavList collapsed={false} onNavigate={() => setOpen(false)} />
          </nav>
        </D.Content>
      </D.Portal>
    </D.Root>
  );
}
