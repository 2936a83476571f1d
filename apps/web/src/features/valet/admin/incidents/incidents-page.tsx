// /admin/incidents: damage reported against valet tickets, newest first, with the photos taken.
import { useState } from "react";
import { useIncidents } from "../api/get-incidents";
import { formatDateTime, PageHeader } from "@/components/admin/admin-ui";
import type { Column } from "@/components/data-table/data-table";
import { ListPage } from "@/components/data-table/list-page";

type Incident = NonNullable<ReturnType<typeof useIncidents>["data"]>["incidents"][number];

const COLUMNS: Column<Incident>[] = [
  { header: "Type", className: "font-medium", sortValue: (i) => i.type, cell: (i) => i.type },
  {
    header: "Associated To",
    className: "font-mono text-[0.8rem] text-foreground/80",
    cell: (i) => (
      <>
        {i.ticketCode}
        {i.plate ? <div className="text-xs text-muted">{i.plate}</div> : null}
      </>
    ),
  },
  {
    header: "Notes",
    className: "max-w-[28ch] text-foreground/80",
    cell: (i) => (
      <>
        {i.notes || "—"}
        {i.photos.length ? (
          <div className="mt-2 flex gap-1.5">
            {i.photos.map((p) => (
              <a key={p.id} href={p.url} target="_blank" rel="noreferrer">
                <img src={p.url} alt={`${i.type} photo`} className="size-12 rounded border border-border object-cover" loading="lazy" />
              </a>
            ))}
          </div>
        ) : null}
      </>
    ),
  },
  { header: "Reported By", className: "text-foreground/80", sortValue: (i) => i.reportedBy, cell: (i) => i.reportedBy },
  { header: "Date", className: "whitespace-nowrap", sortValue: (i) => i.createdAt, cell: (i) => formatDateTime(i.createdAt) },
];

export default function IncidentsPage() {
  const [page, setPage] = useState(1);
  const list = useIncidents(page);
  return (
    <>
      <PageHeader eyebrow="Operations" title="Incidents" description="Damage recorded by attendants against a car's ticket, with the photos taken at the time." />
      <ListPage label="Incidents" query={list} onPage={setPage} rows={(d) => d.incidents} columns={COLUMNS} errorText="Could not load incidents." emptyText="No incidents reported." errorToast="Error fetching data" />
    </>
  );
}
