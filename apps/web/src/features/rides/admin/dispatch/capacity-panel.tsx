// The desk's capacity: per hour, rides sold (at the busiest moment) against chauffeurs on shift and cars in service,
// an hour with more rides than either marked "Short"; above it, the coming shift changes that would strand a sold ride.
import type { HourCapacity, ShiftWarning } from "@meridian/shared/availability";
import { AlertTriangle } from "lucide-react";
import { clockIn } from "@/lib/time";
import { cn } from "@/lib/utils";
import { Panel } from "@/components/ui/panel";

const hourLabel = (h: number) => `${((h + 11) % 12) + 1}${h < 12 ? "a" : "p"}`;

export function ShiftWarnings({ warnings, timeZone }: { warnings: ShiftWarning[]; timeZone: string }) {
  if (!warnings.length) return null;
  return (
    <Panel className="mb-6 border-danger/50 bg-danger/[0.07] p-5" aria-labelledby="shift-warnings-title" data-testid="shift-warnings">
      <h2 id="shift-warnings-title" className="flex items-center gap-2 text-sm font-semibold text-danger">
        <AlertTriangle className="size-4" aria-hidden /> {warnings.length === 1 ? "A shift change strands a sold ride" : `${warnings.length} shift changes strand sold rides`}
      </h2>
      <ul className="mt-3 space-y-2 text-sm text-foreground/90">
        {warnings.map((w) => (
          <li key={`${w.kind}-${w.at}-${w.rideIds.join(",")}`} className="flex gap-3" data-testid="shift-warning">
            <span className="w-20 shrink-0 whitespace-nowrap tabular-nums text-danger">{clockIn(w.at, timeZone)}</span>
            <span>{w.message}</span>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** Hours `from`..23 as a table: rows Rides sold, Chauffeurs, Cars; a short hour's column in red. */
export function CapacityTable({ capacity, from }: { capacity: HourCapacity[]; from: number }) {
  const hours = capacity.filter((c) => c.hour >= from);
  const short = hours.filter((c) => c.short).length;
  const rows: { label: string; value: (c: HourCapacity) => number }[] = [
    { label: "Rides sold", value: (c) => c.sold },
    { label: "Chauffeurs", value: (c) => c.chauffeurs },
    { label: "Cars", value: (c) => c.units },
  ];
  return (
    <Panel className="mb-6 p-5 sm:p-6" data-testid="capacity">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="text-[0.7rem] font-medium uppercase tracking-[0.28em] text-gold">
          Capacity by hour
        </h2>
        <p className="text-xs text-muted" data-testid="capacity-summary">
          {short ? <span className="font-semibold text-danger">{short === 1 ? "1 hour short" : `${short} hours short`}</span> : "Every hour covered"} · rides at the busiest moment
          vs chauffeurs on shift and cars in service
        </p>
      </div>
      <div role="region" aria-label="Capacity by hour" tabIndex={0} className="overflow-x-auto focus-visible:outline-offset-[-2px]">
        <table className="w-full min-w-[760px] border-collapse text-center text-xs tabular-nums" data-testid="capacity-table">
          <thead>
            <tr>
              <th scope="col" className="w-28 py-1.5 text-left font-medium text-muted">
                <span className="sr-only">Hour</span>
              </th>
              {hours.map((c) => (
                <th key={c.hour} scope="col" className={cn("py-1.5 font-medium uppercase tracking-[0.1em]", c.short ? "text-danger" : "text-muted")}>
                  {hourLabel(c.hour)}
                  {c.short ? <span className="sr-only"> (short)</span> : null}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <tr key={row.label} className="border-t border-border/50">
                <th scope="row" className={cn("py-2 pr-3 text-left font-medium", i === 0 ? "text-foreground" : "text-muted")}>
                  {row.label}
                </th>
                {hours.map((c) => {
                  const v = row.value(c);
                  return (
                    <td
                      key={c.hour}
                      data-short={c.short || undefined}
                      className={cn(
                        "py-2",
                        c.short ? "bg-danger/10 font-semibold text-danger" : i === 0 ? (v ? "text-gold" : "text-muted") : "text-foreground/80",
                      )}
                    >
                      {v}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </Panel>
  );
}
