import { bookingStatusLabels, type BookingStatus } from "@meridian/shared/booking-status";
import { Car, Filter, HandCoins, Layers, TicketPercent, Wallet } from "lucide-react";
import { useEffect, type ReactNode } from "react";
import { Spinner } from "@/components/ui/spinner";
import { notifyError } from "@/lib/notify";
import { formatUsd } from "@/lib/utils";
import { useLotBoard } from "../api/get-lot-board";
import { useReports } from "../api/get-reports";
import { byDayRows, byStandRows, RetrievalTable } from "../valet/retrieval-table";
import { PageHeader, Panel } from "../components/admin-ui";

function ReportCard({ icon, title, figure, caption, children }: { icon: ReactNode; title: string; figure: string; caption: string; children?: ReactNode }) {
  return (
    <Panel className="flex flex-col p-6 sm:p-7" aria-label={title}>
      <div className="flex items-center justify-between">
        <h2 className="text-[0.7rem] font-medium uppercase tracking-[0.24em] text-muted">{title}</h2>
        <span className="grid size-9 place-items-center rounded-full border border-gold/25 bg-gold/[0.06] text-gold">{icon}</span>
      </div>
      <p className="mt-5 font-display text-5xl leading-none text-foreground tabular-nums" data-testid="report-figure">
        {figure}
      </p>
      <p className="mt-2 text-xs text-muted">{caption}</p>
      {children ? <div className="mt-6 space-y-3 border-t border-border/70 pt-5">{children}</div> : null}
    </Panel>
  );
}

function Bar({ label, value, max, display }: { label: string; value: number; max: number; display: string }) {
  const pct = max > 0 ? Math.max(2, Math.round((value / max) * 100)) : 0;
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm">
        <span className="truncate capitalize text-foreground/85">{label}</span>
        <span className="tabular-nums text-foreground">{display}</span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-white/5">
        <div className="h-full rounded-full bg-gradient-to-r from-gold-dim to-gold" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

export default function ReportsPage() {
  const { data, isPending, isError, error } = useReports();
  useEffect(() => {
    if (isError) notifyError("Error fetching data", error);
  }, [isError, error]);

  return (
    <>
      <PageHeader eyebrow="Insights" title="Reports" description="Figures computed from bookings. Revenue counts every priced booking that was not cancelled or refunded." />
      {isPending ? (
        <div className="grid place-items-center py-24">
          <Spinner />
        </div>
      ) : isError ? (
        <p className="py-16 text-center text-sm text-danger">Could not load the reports. Refresh to try again.</p>
      ) : (
        <div className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
          <ReportCard icon={<Layers className="size-4" />} title="Revenue by Service" figure={formatUsd(data.totalRevenue)} caption="All services">
            {data.revenueByService.length ? (
              data.revenueByService.map((r) => (
                <Bar key={r.service} label={`${r.service} · ${r.bookings}`} value={r.revenue} max={data.totalRevenue} display={formatUsd(r.revenue)} />
              ))
            ) : (
              <p className="text-sm text-muted">No revenue yet.</p>
            )}
          </ReportCard>
          <ReportCard
            icon={<Car className="size-4" />}
            title="Revenue by Vehicle Type"
            figure={formatUsd(data.revenueByVehicleType[0]?.revenue ?? 0)}
            caption={data.revenueByVehicleType[0] ? `Top: ${data.revenueByVehicleType[0].name}` : "No vehicle revenue yet"}
          >
            {data.revenueByVehicleType.length ? (
              data.revenueByVehicleType.map((r) => (
                <Bar key={r.vehicleTypeId ?? "none"} label={r.name} value={r.revenue} max={data.revenueByVehicleType[0]!.revenue} display={formatUsd(r.revenue)} />
              ))
            ) : (
              <p className="text-sm text-muted">No revenue yet.</p>
            )}
          </ReportCard>
          <ReportCard icon={<HandCoins className="size-4" />} title="Tips" figure={formatUsd(data.tips)} caption="Tips are not collected yet." />
          <ReportCard icon={<Wallet className="size-4" />} title="Payouts" figure={formatUsd(data.payouts)} caption="No payouts have been made yet." />
          <ReportCard
            icon={<Filter className="size-4" />}
            title="Booking Funnel"
            figure={String(data.funnel.reduce((s, f) => s + f.count, 0))}
            caption="Bookings by status"
          >
            {data.funnel.map((f) => (
              <Bar
                key={f.status}
                label={bookingStatusLabels[f.status as BookingStatus] ?? f.status}
                value={f.count}
                max={Math.max(...data.funnel.map((x) => x.count))}
                display={String(f.count)}
              />
            ))}
          </ReportCard>
          <ReportCard
            icon={<TicketPercent className="size-4" />}
            title="Coupon Performance"
            figure={formatUsd(data.couponPerformance.discount)}
            caption={`${data.couponPerformance.redemptions} redemptions · coupons are not live yet.`}
          />
        </div>
      )}
      <RetrievalReport />
    </>
  );
}

/** Valet retrieval times: request -> ready and request -> delivered, p50/p90 per day and per stand. */
function RetrievalReport() {
  const { data } = useLotBoard();
  if (!data) return null;
  return (
    <section className="mt-10 space-y-4" aria-label="Valet Retrieval Times">
      <h2 className="font-display text-3xl">Valet Retrieval Times</h2>
      <RetrievalTable label="Day" rows={byDayRows(data.retrieval)} />
      <RetrievalTable label="Stand" rows={byStandRows(data.retrieval)} />
    </section>
  );
}
