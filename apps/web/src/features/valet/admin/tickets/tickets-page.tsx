import type { AdminTicketRow } from "@meridian/shared/admin";
import { VALET_STATUS_LABELS, valetStatuses } from "@meridian/shared/valet-ticket";
import { Eye } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { useTickets, type TicketFilters } from "../api/get-tickets";
import { formatDateTime, PageHeader, StatusBadge } from "@/components/admin/admin-ui";
import type { Column } from "@/components/data-table/data-table";
import { useListFilters, type FilterDef } from "@/components/data-table/filter-bar";
import { ListPage } from "@/components/data-table/list-page";
import { TicketDetailDialog } from "./ticket-detail-dialog";
import { formatPhone } from "@meridian/shared/phone";

const PAGE_SIZE = 20;

const FILTERS: FilterDef<TicketFilters>[] = [
  { kind: "search", key: "q", label: "Search tickets", placeholder: "Search by phone, plate, ticket code, or key tag...", className: "sm:max-w-md" },
  { kind: "toggles", key: "valetStatus", label: "Filter by status", options: [{ label: "All", value: undefined }, ...valetStatuses.map((s) => ({ label: VALET_STATUS_LABELS[s], value: s }))] },
];

export default function TicketsPage() {
  const filters = useListFilters<TicketFilters>({ q: "", page: 1, pageSize: PAGE_SIZE }, FILTERS);
  const [viewing, setViewing] = useState<AdminTicketRow | null>(null);
  const list = useTickets(filters.filters);
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
              {t.customerPhone ? <div className="mt-0.5 text-xs text-muted">{formatPhone(t.customerPhone)}</div> : null}
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
        align: "right",
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
      <ListPage label="Tickets" query={list} filters={filters} rows={(d) => d.tickets} columns={columns} errorText="Could not load tickets." emptyText="No tickets found." errorToast="Error fetching tickets" />
      <TicketDetailDialog ticket={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
