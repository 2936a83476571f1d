// The Overview's analytics: the last 7, 30 or 90 days per day (GET /api/admin/analytics), each figure a chart
// (Recharts) with its numbers as a table for screen readers, and all of them as one CSV. Loaded lazily by the
// Overview page, so the chart library never loads on customer pages (nor before the Overview's cards).
import { analyticsPeriods, minutesLabel, percentLabel, ratio, type AdminAnalytics, type AnalyticsDay, type AnalyticsPeriod } from "@meridian/shared/analytics";
import { Download } from "lucide-react";
import { useEffect, useState, type ReactElement } from "react";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { buttonVariants } from "@/components/ui/button";
import { LoadingBlock } from "@/components/ui/spinner";
import { notifyError } from "@/lib/notify";
import { formatMoney } from "@meridian/shared/money";
import { cn } from "@/lib/utils";
import { analyticsCsvUrl, useAnalytics } from "../api/get-analytics";
import { Panel } from "@/components/ui/panel";

const GOLD = "#c9a35c";
const STEEL = "#8fa3b8";
const LATE = "#b46a5c";
const GRID = "#2a2822";
const TICK = { fill: "#9a9486", fontSize: 11 };

/** "Jun 9" for "2026-06-09" (the day as the server counted it: no time zone shift here). */
const dayLabel = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", timeZone: "UTC" });
const longDay = (day: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString("en-US", { weekday: "short", month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const shortUsd = (n: number) => (n >= 1000 ? `$${(n / 1000).toFixed(n >= 10_000 ? 0 : 1)}k` : `$${Math.round(n)}`);

type Row = AnalyticsDay & { label: string; conversion: number | null; late: number };
const rowsOf = (a: AdminAnalytics): Row[] =>
  a.daily.map((d) => ({
    ...d,
    label: dayLabel(d.day),
    conversion: ((r) => (r === null ? null : Math.round(r * 1000) / 10))(ratio(d.bookings.ride + d.bookings.valet, d.quotes.ride + d.quotes.valet)),
    late: d.pickups - d.onTimePickups,
  }));

export default function AnalyticsPanel() {
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const { data, isPending, isError, error, isFetching } = useAnalytics(days);
  useEffect(() => {
    if (isError) notifyError("Error fetching data", error);
  }, [isError, error]);

  return (
    <Panel id="analytics" aria-labelledby="analytics-title" className="mt-8 scroll-mt-24 p-6 sm:p-8">
      <div className="flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
        <div>
          <h2 id="analytics-title" tabIndex={-1} className="font-display text-3xl text-foreground outline-none">
            Analytics
          </h2>
          <p className="mt-1.5 text-sm text-muted" data-testid="analytics-period">
            {data ? `${longDay(data.from)} to ${longDay(data.to)} · days on the ${data.timeZone.replace(/_/g, " ")} clock` : "Loading the figures…"}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <div role="group" aria-label="Period" className="inline-flex rounded-full border border-border bg-surface-2/70 p-1">
            {analyticsPeriods.map((p) => (
              <button
                key={p}
                type="button"
                aria-pressed={p === days}
                onClick={() => setDays(p)}
                className={cn(
                  "min-h-9 rounded-full px-4 text-sm transition-colors",
                  p === days ? "bg-gold text-background font-medium" : "text-foreground/80 hover:text-foreground",
                )}
              >
                {p} days
              </button>
            ))}
          </div>
          <a href={analyticsCsvUrl(days)} download className={cn(buttonVariants({ variant: "outline", size: "sm" }))} aria-label={`Download the last ${days} days as CSV`}>
            <Download /> CSV
          </a>
        </div>
      </div>

      {isPending ? (
        <LoadingBlock className="py-20" />
      ) : !data ? (
        <p className="py-16 text-center text-sm text-danger">Could not load the analytics. Refresh to try again.</p>
      ) : (
        <div aria-busy={isFetching} className={cn("transition-opacity", isFetching && "opacity-70")}>
          <Figures data={data} />
          <Charts data={data} />
        </div>
      )}
    </Panel>
  );
}

function Stat({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-xl border border-border/80 bg-surface-2/50 px-5 py-4">
      <dt className="text-[0.68rem] font-medium uppercase tracking-[0.22em] text-muted">{label}</dt>
      <dd className="mt-2 font-display text-3xl leading-none text-foreground tabular-nums">{value}</dd>
      <dd className="mt-1.5 text-xs text-muted">{detail}</dd>
    </div>
  );
}

function Figures({ data }: { data: AdminAnalytics }) {
  const t = data.totals;
  return (
    <dl className="mt-7 grid gap-4 sm:grid-cols-2 xl:grid-cols-5" data-testid="analytics-figures">
      <Stat label="Bookings" value={String(t.bookings.total)} detail={`${count(t.bookings.ride, "ride")} · ${t.bookings.valet} valet · ${t.cancelled} cancelled`} />
      <Stat label="Revenue" value={formatMoney(t.revenueUsd.total)} detail={`Net of refunds · rides ${formatMoney(t.revenueUsd.ride)} · valet ${formatMoney(t.revenueUsd.valet)}`} />
      <Stat label="Quote to booking" value={percentLabel(t.conversion.total)} detail={`${count(t.bookings.total, "booking")} from ${count(t.quotes.total, "quote")}`} />
      <Stat label="Valet retrieval" value={minutesLabel(t.retrievalMinutes)} detail={`Average from request to handover · ${count(t.retrievals, "car")}`} />
      <Stat label="On-time pickups" value={percentLabel(t.onTimeRate)} detail={`${t.onTimePickups} of ${count(t.pickups, "pickup")} with the chauffeur on location in time`} />
    </dl>
  );
}

/** A chart (hidden from screen readers) and the same numbers as a table that only screen readers read. */
function ChartFigure({
  id,
  title,
  note,
  columns,
  rows,
  empty,
  className,
  children,
}: {
  id: string;
  title: string;
  note: string;
  columns: string[];
  rows: (string | number)[][];
  /** Said over the chart when the period has nothing to draw. */
  empty: string | null;
  className?: string;
  children: ReactElement;
}) {
  return (
    <figure aria-labelledby={`${id}-title`} data-testid={`chart-${id}`} className={cn("rounded-xl border border-border/80 bg-surface-2/40 p-4 sm:p-5", className)}>
      <figcaption>
        <h3 id={`${id}-title`} className="text-sm font-medium text-foreground">
          {title}
        </h3>
        <p className="mt-0.5 text-xs text-muted">{note}</p>
      </figcaption>
      <div className="relative mt-4 h-56">
        <div className="size-full" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </div>
        {empty ? <p className="absolute inset-x-0 top-[42%] text-center text-sm text-muted">{empty}</p> : null}
      </div>
      {/* In a clipped box: a table takes the width its cells need, whatever width sr-only gives it. */}
      <div className="sr-only">
      <table>
        <caption>{title}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={String(r[0])}>
              {r.map((v, i) => (i === 0 ? <th key={i} scope="row">{v}</th> : <td key={i}>{v}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
      </div>
    </figure>
  );
}

/** Series in the order they are stacked (Recharts sorts legends and tooltips by name unless told). */
const ORDER = ["Rides", "Valet", "On time", "Late"];
const inOrder = (item: { value?: unknown; name?: unknown }) => ORDER.indexOf(String(item.value ?? item.name));
const tooltip = {
  contentStyle: { background: "#18181c", border: `1px solid ${GRID}`, borderRadius: 10, color: "#ece7dc", fontSize: 12 },
  labelStyle: { color: "#ece7dc", marginBottom: 4 },
  cursor: { fill: "rgba(201,163,92,0.06)" },
  itemSorter: inOrder,
};
const legend = { wrapperStyle: { fontSize: 12, color: "#9a9486" }, iconType: "circle" as const, iconSize: 8, itemSorter: inOrder };

type YAxisOptions = { format?: (v: number) => string; domain?: [number, number | string]; allowDecimals?: boolean };

function Charts({ data }: { data: AdminAnalytics }) {
  const rows = rowsOf(data);
  const interval = data.days === 7 ? 0 : data.days === 30 ? 4 : 14;
  const axes = (y: YAxisOptions = {}) => [
    <CartesianGrid key="grid" stroke={GRID} vertical={false} />,
    <XAxis key="x" dataKey="label" tick={TICK} tickLine={false} axisLine={{ stroke: GRID }} interval={interval} padding={{ left: 6, right: 6 }} />,
    <YAxis key="y" tick={TICK} tickLine={false} axisLine={false} width={44} allowDecimals={y.allowDecimals ?? false} tickFormatter={y.format} domain={y.domain} />,
  ];
  const common = { data: rows, margin: { top: 4, right: 16, bottom: 0, left: -8 }, accessibilityLayer: false };
  const none = (has: (r: Row) => boolean, sentence: string) => (rows.some(has) ? null : sentence);
  const day = (r: Row) => longDay(r.day);
  /** Two series by day, stacked: `[dataKey, name]` in gold at the bottom, `[dataKey, name, colour]` on top. */
  const stacked = (bottom: [string, string], top: [string, string, string], y: YAxisOptions = {}, format?: (v: unknown) => string) => (
    <BarChart {...common}>
      {axes(y)}
      <Tooltip {...tooltip} {...(format ? { formatter: format } : {})} />
      <Legend {...legend} />
      <Bar dataKey={bottom[0]} name={bottom[1]} stackId="s" fill={GOLD} maxBarSize={28} isAnimationActive={false} />
      <Bar dataKey={top[0]} name={top[1]} stackId="s" fill={top[2]} radius={[3, 3, 0, 0]} maxBarSize={28} isAnimationActive={false} />
    </BarChart>
  );
  /** One series by day as a line (`[dataKey, name, colour]`; gaps where a day has no figure), with decimals on its axis. */
  const line = (series: [string, string, string], yFormat: (v: number) => string, format: (v: unknown) => string) => (
    <LineChart {...common}>
      {axes({ format: yFormat, allowDecimals: true })}
      <Tooltip {...tooltip} formatter={format} />
      <Line dataKey={series[0]} name={series[1]} stroke={series[2]} strokeWidth={2} dot={{ r: 2.5, fill: series[2], strokeWidth: 0 }} connectNulls={false} isAnimationActive={false} />
    </LineChart>
  );
  return (
    <div className="mt-6 grid gap-5 xl:grid-cols-2">
      <ChartFigure
        id="bookings"
        title="Bookings by day"
        note="Bookings made each day, rides and valet (cancelled ones included)"
        columns={["Day", "Rides", "Valet", "Cancelled"]}
        rows={rows.map((r) => [day(r), r.bookings.ride, r.bookings.valet, r.cancelled])}
        empty={none((r) => r.bookings.ride + r.bookings.valet > 0, "No bookings made in these days.")}
      >
        {stacked(["bookings.ride", "Rides"], ["bookings.valet", "Valet", STEEL])}
      </ChartFigure>
      <ChartFigure
        id="revenue"
        title="Revenue by day"
        note="Card charges captured net of refunds, by the service date (tips are in Reports)"
        columns={["Day", "Rides (USD)", "Valet (USD)"]}
        rows={rows.map((r) => [day(r), formatMoney(r.revenueUsd.ride), formatMoney(r.revenueUsd.valet)])}
        empty={none((r) => r.revenueUsd.ride !== 0 || r.revenueUsd.valet !== 0, "No money taken for services in these days.")}
      >
        {stacked(["revenueUsd.ride", "Rides"], ["revenueUsd.valet", "Valet", STEEL], { format: shortUsd }, (v) => formatMoney(Number(v)))}
      </ChartFigure>
      <ChartFigure
        id="conversion"
        title="Quote to booking conversion"
        note="Bookings made per quote answered that day"
        columns={["Day", "Quotes", "Bookings", "Conversion"]}
        rows={rows.map((r) => [day(r), r.quotes.ride + r.quotes.valet, r.bookings.ride + r.bookings.valet, r.conversion === null ? "No quotes" : `${r.conversion.toFixed(1)}%`])}
        empty={none((r) => r.conversion !== null, "No quotes answered in these days.")}
      >
        {line(["conversion", "Conversion", GOLD], (v) => `${v}%`, (v) => `${Number(v).toFixed(1)}%`)}
      </ChartFigure>
      <ChartFigure
        id="retrieval"
        title="Average valet retrieval"
        note="Minutes from the guest's request to the handover, by the day requested"
        columns={["Day", "Cars handed back", "Average (minutes)"]}
        rows={rows.map((r) => [day(r), r.retrievals, r.retrievalMinutes === null ? "None" : r.retrievalMinutes.toFixed(1)])}
        empty={none((r) => r.retrievals > 0, "No valet cars handed back in these days.")}
      >
        {line(["retrievalMinutes", "Average retrieval", STEEL], (v) => `${v}m`, (v) => minutesLabel(Number(v)))}
      </ChartFigure>
      <ChartFigure
        id="pickups"
        title="On-time pickups"
        note="Rides whose chauffeur was on location by the pickup time, by the pickup day"
        columns={["Day", "Pickups", "On time", "Late"]}
        rows={rows.map((r) => [day(r), r.pickups, r.onTimePickups, r.late])}
        empty={none((r) => r.pickups > 0, "No chauffeur pickups in these days.")}
        className="xl:col-span-2"
      >
        {stacked(["onTimePickups", "On time"], ["late", "Late", LATE])}
      </ChartFigure>
    </div>
  );
}
