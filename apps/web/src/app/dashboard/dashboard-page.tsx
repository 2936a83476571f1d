// /dashboard: the customer's own space. Tabs: Profile, Bookings (default), My Tickets, Receipts.
// The open tab lives in ?tab= so a reload or a shared link keeps it.
import { CalendarDays, LogOut, Receipt, Ticket, UserRound } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import { SectionTabs, type Section } from "@/components/ui/tabs";
import { useTabParam } from "@/hooks/use-tab-param";
import { useAuth } from "@/lib/auth/auth-context";
import { notifyError } from "@/lib/notify";
import { BookingsTab } from "@/features/bookings/my-bookings/components/bookings-tab";
import { ProfileTab } from "@/features/account/components/profile-tab";
import { ReceiptsTab } from "@/features/bookings/my-bookings/components/receipts-tab";
import { TicketsTab } from "@/features/bookings/my-bookings/components/tickets-tab";

const sections: Section[] = [
  { value: "profile", label: <><UserRound aria-hidden className="size-4" /> Profile</>, panel: <ProfileTab /> },
  { value: "bookings", label: <><CalendarDays aria-hidden className="size-4" /> Bookings</>, panel: <BookingsTab /> },
  { value: "tickets", label: <><Ticket aria-hidden className="size-4" /> My Tickets</>, panel: <TicketsTab /> },
  { value: "receipts", label: <><Receipt aria-hidden className="size-4" /> Receipts</>, panel: <ReceiptsTab /> },
];

export default function DashboardPage() {
  const { user, profile, signOut } = useAuth();
  const navigate = useNavigate();
  const [tab, selectTab] = useTabParam(sections.map((s) => s.value), "bookings");
  const name = profile?.fullName || user?.name || "Guest";

  const handleSignOut = async () => {
    try {
      await signOut();
      navigate("/", { replace: true });
    } catch (err) {
      notifyError("Sign out Failed", err);
    }
  };

  return (
    <main className="relative min-h-[100svh] overflow-hidden pb-24 pt-28 sm:pt-32">
      <div aria-hidden className="pointer-events-none absolute -top-40 right-[-10rem] size-[32rem] rounded-full bg-gold/5 blur-3xl" />
      <div className="relative mx-auto w-full max-w-5xl px-4 sm:px-6">
        <header className="flex flex-col gap-6 border-b border-border pb-8 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <p className="text-xs font-medium uppercase tracking-[0.28em] text-gold">Your Meridian</p>
            <h1 className="mt-3 break-words font-display text-4xl font-medium leading-tight text-foreground sm:text-5xl">
              Welcome, <span className="gold-text">{name}</span>
            </h1>
            <p className="mt-2 text-sm text-muted">Your reservations, tickets and details, in one place.</p>
          </div>
          <Button variant="subtle" size="sm" onClick={handleSignOut} className="self-start sm:self-auto">
            <LogOut aria-hidden /> Sign out
          </Button>
        </header>

        <SectionTabs
          sections={sections}
          label="Dashboard sections"
          value={tab}
          onValueChange={selectTab}
          className="mt-8"
          listClassName="grid w-full grid-cols-2 sm:inline-flex sm:w-auto"
          triggerClassName="flex items-center justify-center gap-2"
        />
      </div>
    </main>
  );
}
