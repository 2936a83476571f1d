import type { AdminTicketRow } from "@meridian/shared/admin";
import { VALET_STATUS_LABELS, valetStatuses, type ValetStatus } from "@meridian/shared/valet-ticket";
import { Eye } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { useErrorToast } from "@/hooks/use-error-toast";
import { useTickets, type TicketFilters } from "../api/get-tickets";
import { formatDateTime, PageHeader, StatusBadge } from "@/components/admin/admin-ui";
import { PagedList, SearchBox, useListFilters, type Column } from "@/components/data-table/data-table";
import { TicketDetailDialog } from "./ticket-detail-dialog";

const PAGE_SIZE = 20;

const STATUS_FILTERS: { label: string; value: ValetStatus | undefined }[] = [
  { label: "All", value: undefined },
  ...valetStatuses.map((s) => ({ label: VALET_STATUS_LABELS[s], value: s })),
];

export default function TicketsPage() {
  const { filters, update, setPage } = useListFilters<TicketFilters>({ q: "", page: 1, pageSize: PAGE_SIZE });
  const [viewing, setViewing] = useState<AdminTicketRow | null>(null);
  const list = useTickets(filters);
  const { isError, error } = list;
  const setQ = useCallback((q: string) => update({ q }), [update]);

  useErrorToast(isError, error, "Error fetching tickets");
  const columns = useMemo<Column<AdminTicketRow>[]>(
    () => [
      {
        header: "Ticket Code",
        sortValue: (t) => t.ticketCode,
        cell: (t) => (
          <>
            <span className="font-mono text-[0.82rem] tracking-wider text-gold-bright">{t.ticketCode}</span>
            {t.plate || t.keyTag || t.car ? <div className="mt-0.5 text-xs text-muted">{[t.car, t.plate, t.keyTag].filter(Boolean).join(" · ")}</div> : null}
            {t.service ? (
              <div className="mt-0.5 max-w-[18rem] truncate text-xs text-muted">
                <span className="capitalize">{t.service}</span>
                {[t.event, t.location].filter(Boolean).map((part) => ` · ${part}`)}
              </div>
            ) : null}
          </>
        ),
      },
      {
        header: "Customer",
        cell: (t) =>
          t.customerName || t.customerPhone ? (
            <>
              <div className="text-foreground">{t.customerName ?? "Walk-up guest"}</div>
              {t.customerPhone ? <div className="mt-0.5 text-xs text-muted">{t.customerPhone}</div> : null}
            </>
          ) : (
            <span className="text-muted">N/A</span>
          ),
      },
      { header: "Created At", className: "whitespace-nowrap text-foreground/80", sortValue: (t) => t.createdAt, cell: (t) => formatDateTime(t.createdAt) },
      { header: "Status", cell: (t) => <StatusBadge status={t.valetStatus ?? t.status} /> },
      {
        header: "View Details",
        actions: true,
        hideHeader: true,
        className: "text-right",
        cell: (t) => (
          <Button variant="ghost" size="sm" onClick={() => setViewing(t)} aria-label={`View details of ticket ${t.ticketCode}`}>
            <Eye /> View Details
          </Button>
        ),
      },
    ],
    [],
  );

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
              onClick={() => update({ valetStatus: f.value })}
            >
              {f.label}
            </Button>
          ))}
        </div>
      </div>
      <PagedList
        label="Tickets"
        query={list}
        rows={(d) => d.tickets}
        columns={columns}
        rowKey={(t) => t.id}
        errorText="Could not load tickets."
        emptyText="No tickets found."
        onPage={setPage}
      />
      <TicketDetailDialog ticket={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
