import type { AdminOverview } from "@meridian/shared/admin";
import { CalendarCheck, ChartColumn, Sparkles, Ticket, UserPlus, Users, type LucideIcon } from "lucide-react";
import { lazy, Suspense } from "react";
import { useNavigate } from "react-router";
import { LoadingBlock, Spinner } from "@/components/ui/spinner";
import { formatMoney } from "@meridian/shared/money";
import { useOverview } from "../api/get-overview";
import { Button } from "@/components/ui/button";
import { formatDateTime, PageHeader, StatusBadge } from "@/components/admin/admin-ui";
import { Panel } from "@/components/ui/panel";
import { OverdueBadge } from "@/components/admin/overdue-badge";

// The charts (and their library) load only here, after the cards.
const AnalyticsPanel = lazy(() => import("./analytics-panel"));

/** Brings the analytics into view and puts the keyboard there. */
function showAnalytics() {
  document.getElementById("analytics")?.scrollIntoView({ behavior: "smooth", block: "start" });
  document.getElementById("analytics-title")?.focus({ preventScroll: true });
}

const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? "" : "s"}`;

type OverviewCardProps = { icon: LucideIcon; title: string; text: string; stat?: string; onClick: () => void };

function OverviewCard({ icon: Icon, title, text, stat, onClick }: OverviewCardProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="group flex h-full cursor-pointer flex-col rounded-[var(--radius-card)] border border-border bg-surface/80 p-6 text-left transition-all duration-300 hover:-translate-y-0.5 hover:border-gold/50 hover:shadow-[0_24px_60px_-30px_rgba(201,163,92,0.35)]"
    >
      <span className="grid size-11 place-items-center rounded-full border border-gold/30 bg-gold/[0.07] text-gold">
        <Icon className="size-5" />
      </span>
      <span className="mt-5 font-display text-2xl text-foreground">{title}</span>
      <span className="mt-1.5 text-sm leading-relaxed text-muted">{text}</span>
      {stat ? <span className="mt-auto pt-5 text-xs uppercase tracking-[0.2em] text-gold/90">{stat}</span> : null}
    </button>
  );
}

export default function OverviewPage() {
  const navigate = useNavigate();
  const { data, isPending, isError } = useOverview();
  const counts = data?.counts;
  const cards: OverviewCardProps[] = [
    { icon: Users, title: "Users & Roles", text: "Manage accounts, roles and access.", stat: counts && plural(counts.users, "account"), onClick: () => navigate("/admin/users") },
    {
      icon: CalendarCheck,
      title: "Dispatch Board",
      text: "Assign chauffeurs and vehicles to upcoming rides.",
      stat: counts && `${plural(counts.pendingBookings, "pending booking")}${data.overdueRides.length ? ` · ${data.overdueRides.length} overdue` : ""}`,
      onClick: () => navigate("/admin/dispatch"),
    },
    { icon: Ticket, title: "Valet Operations", text: "Live lot status, key tags and vehicle returns.", stat: counts && plural(counts.activeTickets, "active ticket"), onClick: () => navigate("/admin/valet") },
    { icon: ChartColumn, title: "Analytics", text: "Bookings, revenue, conversion and service times by day.", stat: counts && `${formatMoney(counts.revenue)} booked revenue`, onClick: showAnalytics },
  ];
  return (
    <>
      <PageHeader eyebrow="Back Office" title="Overview" description="The state of Meridian at a glance: accounts, bookings and what happened most recently." />
      {data?.overdueRides.length ? <OverdueRides rides={data.overdueRides} onOpen={() => navigate("/admin/dispatch")} /> : null}
      <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((card) => (
          <OverviewCard key={card.title} {...card} />
        ))}
      </div>

      <Suspense
        fallback={
          <Panel id="analytics" className="mt-8 grid place-items-center p-6 py-20 sm:p-8">
            <Spinner />
          </Panel>
        }
      >
        <AnalyticsPanel />
      </Suspense>

      <Panel className="mt-8 p-6 sm:p-8">
        <div className="flex items-center justify-between gap-4">
          <h2 className="font-display text-3xl text-foreground">Recent Activity</h2>
          <span className="text-xs uppercase tracking-[0.2em] text-muted">Bookings &amp; sign-ups</span>
        </div>
        <div className="mt-6">
          {isPending ? (
            <LoadingBlock className="py-12" />
          ) : isError ? (
            <p className="py-10 text-center text-sm text-danger">Could not load recent activity. Refresh to try again.</p>
          ) : !data.recent.length ? (
            <p className="py-10 text-center text-sm text-muted">No activity yet.</p>
          ) : (
            <ol aria-label="Recent activity" className="relative space-y-1">
              {data.recent.map((item) => (
                <li key={`${item.type}-${item.id}`} className="flex items-start gap-4 rounded-lg px-2 py-3 transition-colors hover:bg-white/[0.02]">
                  <span
                    className={
                      item.type === "booking"
                        ? "mt-0.5 grid size-9 shrink-0 place-items-center rounded-full bg-gold/10 text-gold"
                        : "mt-0.5 grid size-9 shrink-0 place-items-center rounded-full bg-sky-400/10 text-sky-300"
                    }
                    aria-hidden
                  >
                    {item.type === "booking" ? <Sparkles className="size-4" /> : <UserPlus className="size-4" />}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="text-sm text-foreground">{item.text}</p>
                    <p className="mt-0.5 text-xs text-muted">
                      {item.type === "booking" ? "New booking" : "New sign-up"} · <time dateTime={item.at}>{formatDateTime(item.at)}</time>
                    </p>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </div>
      </Panel>
    </>
  );
}

/** Rides still waiting past their pickup time: first on the page, in the danger colour, until served or closed. */
function OverdueRides({ rides, onOpen }: { rides: AdminOverview["overdueRides"]; onOpen: () => void }) {
  return (
    <section aria-labelledby="overdue-title" className="mb-8 rounded-[var(--radius-card)] border border-danger bg-danger/[0.08] p-5 shadow-[0_0_0_1px_rgba(224,108,90,0.35)] sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="overdue-title" className="flex items-center gap-3 font-display text-2xl text-foreground">
          <OverdueBadge /> {plural(rides.length, "ride")} past pickup time
        </h2>
        <Button size="sm" onClick={onOpen}>
          Open Dispatch Board
        </Button>
      </div>
      <ul aria-label="Overdue rides" className="mt-4 divide-y divide-danger/20">
        {rides.map((r) => (
          <li key={r.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 py-2.5 text-sm">
            <time dateTime={r.pickupAt} className="font-semibold text-danger">
              {formatDateTime(r.pickupAt)}
            </time>
            <span className="text-foreground">{r.pickup}</span>
            <span className="text-muted">{r.customerName}</span>
            <StatusBadge status={r.status} />
          </li>
        ))}
      </ul>
    </section>
  );
}
