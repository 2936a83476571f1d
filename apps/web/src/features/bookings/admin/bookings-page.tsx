import type { AdminBookingRow } from "@meridian/shared/admin";
import { bookingStatuses, bookingStatusLabels } from "@meridian/shared/booking-status";
import { Eye, Plus } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { formatMoney } from "@meridian/shared/money";
import { formatDate } from "@/lib/utils";
import { bookingsExportUrl, useBookings, type BookingFilters } from "./api/get-bookings";
import { PageHeader, StatusBadge } from "@/components/admin/admin-ui";
import type { Column } from "@/components/data-table/data-table";
import { useListFilters, type FilterDef } from "@/components/data-table/filter-bar";
import { CsvLink, ListPage } from "@/components/data-table/list-page";
import { BookingDetailDialog } from "./booking-detail-dialog";
import { NewBookingDialog } from "./new-booking-dialog";

const PAGE_SIZE = 20;
const EMPTY: BookingFilters = { q: "", status: "all", service: "all", from: "", to: "", page: 1, pageSize: PAGE_SIZE };
const FILTERS: FilterDef<BookingFilters>[] = [
  { kind: "search", key: "q", id: "booking-search", title: "Search", label: "Search bookings", placeholder: "Customer, email or ticket code..." },
  { kind: "select", key: "status", id: "booking-status", title: "Status", label: "Status filter", options: [{ value: "all", label: "All statuses" }, ...bookingStatuses.map((s) => ({ value: s, label: bookingStatusLabels[s] }))] },
  { kind: "select", key: "service", id: "booking-service", title: "Service", label: "Service filter", options: [{ value: "all", label: "All services" }, { value: "ride", label: "Ride" }, { value: "valet", label: "Valet" }] },
  { kind: "dateRange", from: "from", to: "to", ids: ["booking-from", "booking-to"], titles: ["From", "To"], invalidText: "The end date must be on or after the start date." },
];

export default function BookingsPage() {
  const filters = useListFilters<BookingFilters>(EMPTY, FILTERS);
  const [viewing, setViewing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useBookings(filters.filters, !filters.invalid);
  const columns = useMemo<Column<AdminBookingRow>[]>(
    () => [
      {
        header: "Customer",
        sortValue: (b) => (b.customerName ?? "Guest").toLowerCase(),
        cell: (b) => (
          <>
            <div className="font-medium text-foreground">{b.customerName ?? "Guest"}</div>
            <div className="mt-0.5 text-xs text-muted">{b.customerEmail ?? "—"}</div>
          </>
        ),
      },
      {
        header: "Service",
        cell: (b) => (
          <>
            <div className="capitalize">{b.service}</div>
            {b.event || b.location ? (
              <div className="mt-0.5 max-w-[16rem] truncate text-xs text-muted" title={[b.event, b.location].filter(Boolean).join(" · ")}>
                {[b.event, b.location].filter(Boolean).join(" · ")}
              </div>
            ) : null}
          </>
        ),
      },
      { header: "Date", className: "whitespace-nowrap tabular-nums", sortValue: (b) => b.bookingDate, cell: (b) => formatDate(b.bookingDate) },
      { header: "Status", sortValue: (b) => b.status, cell: (b) => <StatusBadge status={b.status} /> },
      { header: "Price", align: "right", className: "tabular-nums text-foreground", sortValue: (b) => b.price, cell: (b) => (b.price != null ? formatMoney(b.price) : "—") },
      {
        header: "View",
        actions: true,
        hideHeader: true,
        align: "right",
        cell: (b) => (
          <Button variant="ghost" size="sm" onClick={() => setViewing(b.id)} aria-label={`View booking for ${b.customerName ?? "guest"}`}>
            <Eye /> View
          </Button>
        ),
      },
    ],
    [],
  );

  return (
    <>
      <PageHeader
        eyebrow="Operations"
        title="Bookings"
        description="Every ride and valet reservation. Search, filter, export and move bookings through their lifecycle."
        actions={
          <>
            <Button onClick={() => setCreating(true)}>
              <Plus /> New Booking
            </Button>
            <CsvLink href={bookingsExportUrl(filters.filters)} disabled={filters.invalid} />
          </>
        }
      />

      <ListPage label="Bookings" query={list} filters={filters} rows={(d) => d.bookings} columns={columns} errorText="Could not load bookings." emptyText="No bookings found." errorToast="Error fetching bookings" />
      <BookingDetailDialog id={viewing} onClose={() => setViewing(null)} />
      <NewBookingDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
