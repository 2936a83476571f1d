// p50/p90 retrieval times (request -> ready, request -> delivered) per day or per stand.
import type { RetrievalFigures } from "@meridian/shared/valet-ticket";
import { DataTable, StateRow, Td, Th, Tr } from "@/components/data-table/data-table";

const min = (v: number | null) => (v === null ? "—" : `${v.toFixed(1)} min`);

export function RetrievalTable({ label, rows }: { label: string; rows: (RetrievalFigures["byDay"][number] & { key: string })[] }) {
  return (
    <DataTable label={label}>
      <thead>
        <tr>
          <Th>{label}</Th>
          <Th className="text-right">Retrievals</Th>
          <Th className="text-right">Ready p50</Th>
          <Th className="text-right">Ready p90</Th>
          <Th className="text-right">Delivered p50</Th>
          <Th className="text-right">Delivered p90</Th>
        </tr>
      </thead>
      <tbody>
        {!rows.length ? (
          <StateRow colSpan={6}>No retrievals in the last 14 days.</StateRow>
        ) : (
          rows.map((r) => (
            <Tr key={r.key}>
              <Td label={label} className="font-medium">{r.key}</Td>
              <Td label="Retrievals" className="text-right tabular-nums">{r.count}</Td>
              <Td label="Ready p50" className="text-right tabular-nums">{min(r.p50ReadyMinutes)}</Td>
              <Td label="Ready p90" className="text-right tabular-nums">{min(r.p90ReadyMinutes)}</Td>
              <Td label="Delivered p50" className="text-right tabular-nums">{min(r.p50DeliveredMinutes)}</Td>
              <Td label="Delivered p90" className="text-right tabular-nums">{min(r.p90DeliveredMinutes)}</Td>
            </Tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
}

export const byDayRows = (f: RetrievalFigures) => f.byDay.map((r) => ({ ...r, key: r.day }));
export const byStandRows = (f: RetrievalFigures) => f.byStand.map((r) => ({ ...r, day: r.stand, key: r.stand }));
