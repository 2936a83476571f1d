// /admin/incidents: damage reported against valet tickets, newest first, with the photos taken.
import { useEffect, useState } from "react";
import { notifyError } from "@/lib/notify";
import { useIncidents } from "../api/get-incidents";
import { DataTable, formatDateTime, PageHeader, Pagination, StateRow, Td, Th, Tr } from "../components/admin-ui";

export default function IncidentsPage() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useIncidents(page);
  useEffect(() => {
    if (isError) notifyError("Error fetching data", error);
  }, [isError, error]);
  return (
    <>
      <PageHeader eyebrow="Operations" title="Incidents" description="Damage recorded by attendants against a car's ticket, with the photos taken at the time." />
      <DataTable label="Incidents">
        <thead>
          <tr>
            <Th>Type</Th>
            <Th>Associated To</Th>
            <Th>Notes</Th>
            <Th>Reported By</Th>
            <Th>Date</Th>
          </tr>
        </thead>
        <tbody>
          {isPending ? (
            <StateRow colSpan={5} loading />
          ) : isError ? (
            <StateRow colSpan={5}>Could not load incidents.</StateRow>
          ) : !data.incidents.length ? (
            <StateRow colSpan={5}>No incidents reported.</StateRow>
          ) : (
            data.incidents.map((i) => (
              <Tr key={i.id}>
                <Td label="Type" className="font-medium">{i.type}</Td>
                <Td label="Associated To" className="font-mono text-[0.8rem] text-foreground/80">
                  {i.ticketCode}
                  {i.plate ? <div className="text-xs text-muted">{i.plate}</div> : null}
                </Td>
                <Td label="Notes" className="max-w-[28ch] text-foreground/80">
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
                </Td>
                <Td label="Reported By" className="text-foreground/80">{i.reportedBy}</Td>
                <Td label="Date" className="whitespace-nowrap">{formatDateTime(i.createdAt)}</Td>
              </Tr>
            ))
          )}
        </tbody>
      </DataTable>
      {data ? <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} /> : null}
    </>
  );
}
