// /dashboard: the customer's own space. Tabs: Profile, Bookings (default), My Tickets, Receipts.
// The open tab lives in ?tab= so a reload or a shared link keeps it.
import { CalendarDays, LogOut, Receipt, Ticket, UserRound } from "lucide-react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useAuth } from "@/lib/auth/auth-context";
import { notifyError } from "@/lib/notify";
import { BookingsTab } from "@/features/bookings/my-bookings/components/bookings-tab";
import { ProfileTab } from "@/features/account/components/profile-tab";
import { ReceiptsTab } from "@/features/bookings/my-bookings/components/receipts-tab";
import { TicketsTab } from "@/features/bookings/my-bookings/components/tickets-tab";

const TABS = ["profile", "bookings", "tickets", "receipts"] as const;
type Tab = (typeof TABS)[number];
const DEFAULT_TAB: Tab = "bookings";

export default function DashboardPage() {
  const { user, profile, signOut } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const requested = params.get("tab");
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : DEFAULT_TAB;
  const name = profile?.fullName || user?.name || "Guest";

  const selectTab = (value: string) => {
    const next = new URLSearchParams(params);
    if (value === DEFAULT_TAB) next.delete("tab");
    else next.set("tab", value);
    setParams(next, { replace: true, preventScrollReset: true });
  };

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

        <Tabs value={tab} onValueChange={selectTab} className="mt-8">
          <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto" aria-label="Dashboard sections">
            <TabsTrigger value="profile" className="flex items-center justify-center gap-2">
              <UserRound aria-hidden className="size-4" /> Profile
            </TabsTrigger>
            <TabsTrigger value="bookings" className="flex items-center justify-center gap-2">
              <CalendarDays aria-hidden className="size-4" /> Bookings
            </TabsTrigger>
            <TabsTrigger value="tickets" className="flex items-center justify-center gap-2">
              <Ticket aria-hidden className="size-4" /> My Tickets
            </TabsTrigger>
            <TabsTrigger value="receipts" className="flex items-center justify-center gap-2">
              <Receipt aria-hidden className="size-4" /> Receipts
            </TabsTrigger>
          </TabsList>
          <TabsContent value="profile">
            <ProfileTab />
          </TabsContent>
          <TabsContent value="bookings">
            <BookingsTab />
          </TabsContent>
          <TabsContent value="tickets">
            <TicketsTab />
          </TabsContent>
          <TabsContent value="receipts">
            <ReceiptsTab />
          </TabsContent>
        </Tabs>
      </div>
    </main>
  );
}
