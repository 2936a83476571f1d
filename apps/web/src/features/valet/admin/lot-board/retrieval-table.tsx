// p50/p90 retrieval times (request -> ready, request -> delivered) per day or per stand.
import type { RetrievalFigures } from "@meridian/shared/valet-ticket";
import { useMemo } from "react";
import { ListTable, type Column } from "@/components/data-table/data-table";

type Row = RetrievalFigures["byDay"][number] & { key: string };

const min = (v: number | null) => (v === null ? "—" : `${v.toFixed(1)} min`);
const FIGURES = [
  ["Ready p50", "p50ReadyMinutes"],
  ["Ready p90", "p90ReadyMinutes"],
  ["Delivered p50", "p50DeliveredMinutes"],
  ["Delivered p90", "p90DeliveredMinutes"],
] as const;

export function RetrievalTable({ label, rows }: { label: string; rows: Row[] }) {
  const columns = useMemo<Column<Row>[]>(
    () => [
      { header: label, className: "font-medium", cell: (r) => r.key },
      { header: "Retrievals", align: "right", className: "tabular-nums", cell: (r) => r.count },
      ...FIGURES.map(([header, key]): Column<Row> => ({ header, align: "right", className: "tabular-nums", cell: (r) => min(r[key]) })),
    ],
    [label],
  );
  return <ListTable label={label} columns={columns} rows={rows} rowKey={(r) => r.key} emptyText="No retrievals in the last 14 days." />;
}

export const byDayRows = (f: RetrievalFigures) => f.byDay.map((r) => ({ ...r, key: r.day }));
export const byStandRows = (f: RetrievalFigures) => f.byStand.map((r) => ({ ...r, day: r.stand, key: r.stand }));
