import type { AdminTicketRow } from "@meridian/shared/admin";
import { VALET_STATUS_LABELS, valetStatuses, type ValetStatus } from "@meridian/shared/valet-ticket";
import { Eye } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { notifyError } from "@/lib/notify";
import { useTickets, type TicketFilters } from "../api/get-tickets";
import { DataTable, formatDateTime, PageHeader, Pagination, SearchBox, StateRow, StatusBadge, Td, Th, Tr } from "../components/admin-ui";
import { TicketDetailDialog } from "./ticket-detail-dialog";

const PAGE_SIZE = 20;

const STATUS_FILTERS: { label: string; value: ValetStatus | undefined }[] = [
  { label: "All", value: undefined },
  ...valetStatuses.map((s) => ({ label: VALET_STATUS_LABELS[s], value: s })),
];

export default function TicketsPage() {
  const [filters, setFilters] = useState<TicketFilters>({ q: "", page: 1, pageSize: PAGE_SIZE });
  const [viewing, setViewing] = useState<AdminTicketRow | null>(null);
  const { data, isPending, isError, error } = useTickets(filters);
  const setQ = useCallback((q: string) => setFilters((f) => ({ ...f, q, page: 1 })), []);

  useEffect(() => {
    if (isError) notifyError("Error fetching tickets", error);
  }, [isError, error]);

  return (
    <>
      <PageHeader eyebrow="Valet" title="Ticket Center" description="Every claim ticket: who it belongs to, the car it covers, and whether the car has been handed back." />
      <div className="mb-5 flex flex-col gap-3">
        <SearchBox value={filters.q} onSearch={setQ} label="Search tickets" placeholder="Search by phone, plate, ticket code, or key tag..." className="sm:max-w-md" />
        <div role="group" aria-label="Filter by status" className="flex flex-wrap gap-2">
          {STATUS_FILTERS.map((f) => (
            <Button
              key={f.label}
              size="sm"
              variant={filters.valetStatus === f.value ? "outline" : "ghost"}
              aria-pressed={filters.valetStatus === f.value}
              onClick={() => setFilters((cur) => ({ ...cur, valetStatus: f.value, page: 1 }))}
            >
              {f.label}
            </Button>
          ))}
        </div>
      </div>
      <DataTable label="Tickets">
        <thead>
          <tr>
            <Th>Ticket Code</Th>
            <Th>Customer</Th>
            <Th>Created At</Th>
            <Th>Status</Th>
            <Th className="text-right">
              <span className="sr-only">View Details</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {isPending ? (
            <StateRow colSpan={5} loading />
          ) : isError ? (
            <StateRow colSpan={5}>Could not load tickets.</StateRow>
          ) : !data.tickets.length ? (
            <StateRow colSpan={5}>No tickets found.</StateRow>
          ) : (
            data.tickets.map((t) => (
              <Tr key={t.id}>
                <Td label="Ticket Code">
                  <span className="font-mono text-[0.82rem] tracking-wider text-gold-bright">{t.ticketCode}</span>
                  {t.plate || t.keyTag || t.car ? (
                    <div className="mt-0.5 text-xs text-muted">{[t.car, t.plate, t.keyTag].filter(Boolean).join(" · ")}</div>
                  ) : null}
                  {t.service ? (
                    <div className="mt-0.5 max-w-[18rem] truncate text-xs text-muted">
                      <span className="capitalize">{t.service}</span>
                      {[t.event, t.location].filter(Boolean).map((part) => ` · ${part}`)}
                    </div>
                  ) : null}
                </Td>
                <Td label="Customer">
                  {t.customerName || t.customerPhone ? (
                    <>
                      <div className="text-foreground">{t.customerName ?? "Walk-up guest"}</div>
                      {t.customerPhone ? <div className="mt-0.5 text-xs text-muted">{t.customerPhone}</div> : null}
                    </>
                  ) : (
                    <span className="text-muted">N/A</span>
                  )}
                </Td>
                <Td label="Created At" className="whitespace-nowrap text-foreground/80">{formatDateTime(t.createdAt)}</Td>
                <Td label="Status">
                  <StatusBadge status={t.valetStatus ?? t.status} />
                </Td>
                <Td className="text-right">
                  <Button variant="ghost" size="sm" onClick={() => setViewing(t)} aria-label={`View details of ticket ${t.ticketCode}`}>
                    <Eye /> View Details
                  </Button>
                </Td>
              </Tr>
            ))
          )}
        </tbody>
      </DataTable>
      {data ? <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={(page) => setFilters((f) => ({ ...f, page }))} /> : null}
      <TicketDetailDialog ticket={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
