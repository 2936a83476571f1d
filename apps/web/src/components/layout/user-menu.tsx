// Signed-in header entry: an avatar that opens the account menu (name, e-mail, Dashboard, Staff Screens or Admin Panel, Sign out).
import { BadgeCheck, LayoutDashboard, LogOut, ShieldCheck } from "lucide-react";
import { useNavigate } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Avatar } from "./avatar";
import { useAccountActions } from "./use-account-actions";

export function UserMenu() {
  const { displayName, email, initials, isAdmin, staffHome, signOut } = useAccountActions();
  const navigate = useNavigate();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        aria-label={`Account menu for ${displayName}`}
        className="cursor-pointer rounded-full outline-none transition-shadow hover:shadow-[0_0_0_4px_rgba(201,163,92,0.12)] focus-visible:shadow-[0_0_0_3px_rgba(201,163,92,0.5)]"
      >
        <Avatar initials={initials} />
      </DropdownMenuTrigger>
      <DropdownMenuContent data-motion="" aria-label="Account">
        <DropdownMenuLabel className="flex items-center gap-3">
          <Avatar initials={initials} className="size-9 text-sm" />
          <span className="min-w-0">
            <span className="block truncate text-sm font-medium text-foreground">{displayName}</span>
            <span className="block truncate text-xs text-muted">{email}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate("/dashboard")}>
          <LayoutDashboard /> Dashboard
        </DropdownMenuItem>
        {staffHome ? (
          <DropdownMenuItem onSelect={() => navigate(staffHome)}>
            <BadgeCheck /> Staff Screens
          </DropdownMenuItem>
        ) : null}
        {isAdmin ? (
          <DropdownMenuItem onSelect={() => navigate("/admin")}>
            <ShieldCheck /> Admin Panel
          </DropdownMenuItem>
        ) : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut /> Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
