// /admin/valet: the live board of the lot (cars parked, requested, retrieving, ready) and retrieval times.
import { OPEN_VALET_STATUSES, VALET_STATUS_LABELS } from "@meridian/shared/valet-ticket";
import { LoadingBlock } from "@/components/ui/spinner";
import { useLiveLotBoard } from "../api/get-lot-board";
import { PageHeader, StatusBadge } from "@/components/admin/admin-ui";
import { ListTable, type Column } from "@/components/data-table/data-table";
import { Panel } from "@/components/ui/panel";
import { byDayRows, byStandRows, RetrievalTable } from "./retrieval-table";

type LotTicket = NonNullable<ReturnType<typeof useLiveLotBoard>["data"]>["tickets"][number];

const LOT_COLUMNS: Column<LotTicket>[] = [
  { header: "Key Tag", className: "font-mono font-semibold", cell: (t) => t.keyTag },
  {
    header: "Car",
    cell: (t) => (
      <>
        {t.colour} {t.make} {t.model} <span className="ml-1 font-mono text-xs text-muted">{t.plate}</span>
      </>
    ),
  },
  { header: "Stand / Stall", cell: (t) => `${t.stand}${t.stall ? ` · ${t.stall}` : ""}` },
  { header: "Ticket", className: "font-mono text-[0.8rem] text-gold-bright", cell: (t) => t.ticketCode },
  { header: "Status", cell: (t) => <StatusBadge status={t.status} /> },
];

export default function LotBoardPage() {
  const { data, isPending, isError } = useLiveLotBoard();
  return (
    <>
      <PageHeader eyebrow="Valet" title="Valet Operations" description="The lot as it is now, updated live, and how long guests wait for their cars." />
      {isPending ? (
        <LoadingBlock className="py-24" />
      ) : isError ? (
        <p className="py-16 text-center text-sm text-danger">Could not load the lot. Refresh to try again.</p>
      ) : (
        <div className="space-y-8">
          <div className="grid grid-cols-2 gap-4 md:grid-cols-5">
            {OPEN_VALET_STATUSES.map((s) => (
              <Panel key={s} className="p-5" aria-label={VALET_STATUS_LABELS[s]}>
                <p className="text-[0.7rem] uppercase tracking-[0.22em] text-muted">{VALET_STATUS_LABELS[s]}</p>
                <p className="mt-3 font-display text-5xl [font-variant-numeric:lining-nums_tabular-nums]" data-testid={`board-${s}`}>
                  {data.counts[s]}
                </p>
              </Panel>
            ))}
          </div>
          <ListTable label="Cars on the lot" columns={LOT_COLUMNS} rows={data.tickets} emptyText="No cars on the lot." />
          <section className="space-y-4">
            <h2 className="font-display text-3xl">Retrieval times</h2>
            <RetrievalTable label="Day" rows={byDayRows(data.retrieval)} />
            <RetrievalTable label="Stand" rows={byStandRows(data.retrieval)} />
          </section>
        </div>
      )}
    </>
  );
}
