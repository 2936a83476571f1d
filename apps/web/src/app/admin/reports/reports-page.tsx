import type { AdminReports, ReportCsvCard } from "@meridian/shared/admin";
import { Car, Download, Filter, HandCoins, Layers, TicketPercent, Wallet, X } from "lucide-react";
import { useEffect, useState, type ReactNode } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadingBlock } from "@/components/ui/spinner";
import { notifyError } from "@/lib/notify";
import { formatMoney } from "@meridian/shared/money";
import { cn } from "@/lib/utils";
import { useLotBoard } from "@/features/valet/admin/api/get-lot-board";
import { reportCsvUrl, useReports, type ReportRange } from "../api/get-reports";
import { byDayRows, byStandRows, RetrievalTable } from "@/features/valet/admin/lot-board/retrieval-table";
import { PageHeader } from "@/components/admin/admin-ui";
import { Panel } from "@/components/ui/panel";

const SERVICE_LABELS: Record<string, string> = { ride: "Rides", valet: "Valet" };
const serviceLabel = (s: string) => SERVICE_LABELS[s] ?? s;

function ReportCard({
  icon,
  title,
  figure,
  caption,
  csv,
  children,
}: {
  icon: ReactNode;
  title: string;
  figure: string;
  caption: string;
  /** The card's CSV download link (same range). */
  csv: string;
  children: ReactNode;
}) {
  return (
    <Panel className="flex flex-col p-6 sm:p-7" aria-label={title}>
      <div className="flex items-center justify-between gap-3">
        <h2 className="text-[0.7rem] font-medium uppercase tracking-[0.24em] text-muted">{title}</h2>
        <span className="grid size-9 shrink-0 place-items-center rounded-full border border-gold/25 bg-gold/[0.06] text-gold">{icon}</span>
      </div>
      <p className="mt-5 font-display text-5xl leading-none text-foreground tabular-nums" data-testid="report-figure">
        {figure}
      </p>
      <p className="mt-2 text-xs text-muted" data-testid="report-caption">
        {caption}
      </p>
      <div className="mt-6 flex-1 border-t border-border/70 pt-5">{children}</div>
      <a href={csv} download className={cn(buttonVariants({ variant: "outline", size: "sm" }), "mt-6 self-start")} aria-label={`Download ${title} as CSV`}>
        <Download /> CSV
      </a>
    </Panel>
  );
}

function Bar({ label, value, max, display }: { label: string; value: number; max: number; display: string }) {
  const pct = max > 0 && value > 0 ? Math.max(2, Math.round((value / max) * 100)) : 0;
  return (
    <div role="listitem" aria-label={`${label}: ${display}`}>
      <div className="mb-1.5 flex items-baseline justify-between gap-3 text-sm" aria-hidden>
        <span className="truncate text-foreground/85">{label}</span>
        <span className="tabular-nums text-foreground">{display}</span>
      </div>
      <div className="h-1.5 overflow-hidden rounded-full bg-white/5" aria-hidden>
        <div className="h-full rounded-full bg-gradient-to-r from-gold-dim to-gold" style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/** A bar chart of rows of one figure (a list a screen reader reads row by row), or a sentence when there are none. */
function Bars<T>({
  name,
  rows,
  value,
  label,
  display,
  empty,
}: {
  name: string;
  rows: T[];
  value: (r: T) => number;
  label: (r: T) => string;
  display?: (r: T) => string;
  empty: string;
}) {
  if (!rows.length) return <p className="text-sm text-muted">{empty}</p>;
  const max = Math.max(...rows.map(value));
  return (
    <div role="list" aria-label={`${name} chart`} className="space-y-3">
      {rows.map((r) => (
        <Bar key={label(r)} label={label(r)} value={value(r)} max={max} display={display ? display(r) : formatMoney(value(r))} />
      ))}
    </div>
  );
}

const EMPTY: ReportRange = { from: "", to: "" };
const percent = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 1000) / 10}%` : "—");

export default function ReportsPage() {
  const [range, setRange] = useState<ReportRange>(EMPTY);
  const rangeInvalid = Boolean(range.from && range.to && range.from > range.to);
  const { data, isPending, isError, error } = useReports(range, !rangeInvalid);
  useEffect(() => {
    if (isError) notifyError("Error fetching data", error);
  }, [isError, error]);
  const csv = (card: ReportCsvCard) => reportCsvUrl(card, range);

  return (
    <>
      <PageHeader
        eyebrow="Insights"
        title="Reports"
        description="Figures from the money actually taken: card captures net of refunds, tips, and tips still owed to staff. Money counts by the service date; the funnel and coupon uses by the day quoted or booked."
      />

      <div className="mb-6 grid gap-4 rounded-[var(--radius-card)] border border-border bg-surface/60 p-4 sm:grid-cols-[minmax(0,13rem)_minmax(0,13rem)_auto] sm:items-end sm:justify-start sm:p-5">
        <div>
          <Label htmlFor="reports-from">From</Label>
          <Input id="reports-from" type="date" value={range.from} max={range.to || undefined} onChange={(e) => setRange((r) => ({ ...r, from: e.target.value }))} />
        </div>
        <div>
          <Label htmlFor="reports-to">To</Label>
          <Input id="reports-to" type="date" value={range.to} min={range.from || undefined} aria-invalid={rangeInvalid} onChange={(e) => setRange((r) => ({ ...r, to: e.target.value }))} />
        </div>
        <Button variant="ghost" onClick={() => setRange(EMPTY)} disabled={!range.from && !range.to} className="sm:justify-self-end">
          <X /> Clear
        </Button>
      </div>
      {rangeInvalid ? <p className="-mt-3 mb-4 text-xs text-danger">The end date must be on or after the start date.</p> : null}

      {isPending ? (
        <LoadingBlock className="py-24" />
      ) : isError && !data ? (
        <p className="py-16 text-center text-sm text-danger">Could not load the reports. Refresh to try again.</p>
      ) : (
        <ReportCards data={data!} csv={csv} />
      )}
      <RetrievalReport />
    </>
  );
}

function ReportCards({ data, csv }: { data: AdminReports; csv: (card: ReportCsvCard) => string }) {
  const { revenue, tips, payouts, funnel, coupons } = data;
  const topVehicle = data.revenueByVehicleType[0];
  return (
    <div className="grid gap-5 md:grid-cols-2 xl:grid-cols-3">
      <ReportCard
        icon={<Layers className="size-4" />}
        title="Revenue by Service"
        figure={formatMoney(revenue.netUsd)}
        caption={`Net of ${formatMoney(revenue.refundedUsd)} refunded · ${revenue.bookings} paid ${revenue.bookings === 1 ? "booking" : "bookings"}`}
        csv={csv("revenue-by-service")}
      >
        <Bars name="Revenue by Service" rows={data.revenueByService} value={(r) => r.netUsd} label={(r) => `${serviceLabel(r.service)} · ${r.bookings}`} empty="No payments captured in this period." />
      </ReportCard>
      <ReportCard
        icon={<Car className="size-4" />}
        title="Revenue by Vehicle Type"
        figure={formatMoney(topVehicle?.netUsd ?? 0)}
        caption={topVehicle ? `Top: ${topVehicle.name} · net of refunds` : "No payments captured in this period."}
        csv={csv("revenue-by-vehicle-type")}
      >
        <Bars name="Revenue by Vehicle Type" rows={data.revenueByVehicleType} value={(r) => r.netUsd} label={(r) => r.name} empty="No payments captured in this period." />
      </ReportCard>
      <ReportCard
        icon={<HandCoins className="size-4" />}
        title="Tips"
        figure={formatMoney(tips.totalUsd)}
        caption={`${tips.count} ${tips.count === 1 ? "tip" : "tips"} from customers, net of refunds`}
        csv={csv("tips")}
      >
        <Bars name="Tips" rows={tips.byService} value={(r) => r.totalUsd} label={(r) => `${serviceLabel(r.service)} · ${r.count}`} empty="No tips in this period." />
      </ReportCard>
      <ReportCard icon={<Wallet className="size-4" />} title="Payouts" figure={formatMoney(payouts.owedUsd)} caption="Owed to staff from tips, not yet paid out" csv={csv("payouts")}>
        <Bars name="Payouts" rows={payouts.byStaff} value={(r) => r.owedUsd} label={(r) => r.name} empty="Nothing is owed to staff for this period." />
      </ReportCard>
      <ReportCard
        icon={<Filter className="size-4" />}
        title="Booking Funnel"
        figure={String(funnel.quotes)}
        caption={`Quotes → ${funnel.bookings} booked (${percent(funnel.bookings, funnel.quotes)}) → ${funnel.completed} completed`}
        csv={csv("funnel")}
      >
        <Bars
          name="Booking Funnel"
          rows={[
            { label: "Quotes", value: funnel.quotes },
            { label: "Quotes with a coupon", value: funnel.quotesWithCoupon },
            { label: "Bookings", value: funnel.bookings },
            { label: "Completed", value: funnel.completed },
          ]}
          value={(r) => r.value}
          label={(r) => r.label}
          display={(r) => String(r.value)}
          empty=""
        />
      </ReportCard>
      <ReportCard
        icon={<TicketPercent className="size-4" />}
        title="Coupon Performance"
        figure={formatMoney(coupons.discountUsd)}
        caption={`Discount given · ${coupons.redemptions} ${coupons.redemptions === 1 ? "redemption" : "redemptions"} · ${formatMoney(coupons.revenueUsd)} revenue from those bookings`}
        csv={csv("coupons")}
      >
        <Bars
          name="Coupon Performance"
          rows={coupons.byCode}
          value={(r) => r.discountUsd}
          label={(r) => `${r.code} · ${r.redemptions}`}
          display={(r) => `${formatMoney(r.discountUsd)} off · ${formatMoney(r.revenueUsd)}`}
          empty="No codes used in bookings made in this period."
        />
      </ReportCard>
    </div>
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
