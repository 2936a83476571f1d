import type { AdminBookingRow } from "@meridian/shared/admin";
import { bookingStatuses, bookingStatusLabels } from "@meridian/shared/booking-status";
import { Download, Eye, Plus, X } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { useErrorToast } from "@/hooks/use-error-toast";
import { formatMoney } from "@meridian/shared/money";
import { cn, formatDate } from "@/lib/utils";
import { bookingsExportUrl, useBookings, type BookingFilters } from "./api/get-bookings";
import { PageHeader, StatusBadge } from "@/components/admin/admin-ui";
import { PagedList, SearchBox, useListFilters, type Column } from "@/components/data-table/data-table";
import { BookingDetailDialog } from "./booking-detail-dialog";
import { NewBookingDialog } from "./new-booking-dialog";

const PAGE_SIZE = 20;
const EMPTY: BookingFilters = { q: "", status: "all", service: "all", from: "", to: "", page: 1, pageSize: PAGE_SIZE };

export default function BookingsPage() {
  const { filters, update, setPage, clear, filtered } = useListFilters<BookingFilters>(EMPTY);
  const [viewing, setViewing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const rangeInvalid = Boolean(filters.from && filters.to && filters.from > filters.to);
  const list = useBookings(filters, !rangeInvalid);
  const { isError, error } = list;
  const setQ = useCallback((q: string) => update({ q }), [update]);

  useErrorToast(isError, error, "Error fetching bookings");
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
      { header: "Price", className: "text-right tabular-nums text-foreground", sortValue: (b) => b.price, cell: (b) => (b.price != null ? formatMoney(b.price) : "—") },
      {
        header: "View",
        actions: true,
        hideHeader: true,
        className: "text-right",
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
          <a
            href={bookingsExportUrl(filters)}
            download
            className={cn(buttonVariants({ variant: "outline" }), rangeInvalid && "pointer-events-none opacity-45")}
            aria-disabled={rangeInvalid}
          >
            <Download /> Export CSV
          </a>
          </>
        }
      />

      <div className="mb-6 grid gap-4 rounded-[var(--radius-card)] border border-border bg-surface/60 p-4 sm:grid-cols-2 sm:p-5 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto] lg:items-end">
        <div className="sm:col-span-2 lg:col-span-1">
          <Label htmlFor="booking-search">Search</Label>
          <SearchBox id="booking-search" value={filters.q} onSearch={setQ} label="Search bookings" placeholder="Customer, email or ticket code..." className="sm:max-w-none" />
        </div>
        <div>
          <Label htmlFor="booking-status">Status</Label>
          <Select value={filters.status} onValueChange={(status) => update({ status })}>
            <SelectTrigger id="booking-status" aria-label="Status filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All statuses</SelectItem>
              {bookingStatuses.map((s) => (
                <SelectItem key={s} value={s}>
                  {bookingStatusLabels[s]}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div>
          <Label htmlFor="booking-service">Service</Label>
          <Select value={filters.service} onValueChange={(service) => update({ service })}>
            <SelectTrigger id="booking-service" aria-label="Service filter">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">All services</SelectItem>
              <SelectItem value="ride">Ride</SelectItem>
              <SelectItem value="valet">Valet</SelectItem>
            </SelectContent>
          </Select>
        </div>
        <div>
          <Label htmlFor="booking-from">From</Label>
          <Input id="booking-from" type="date" value={filters.from} max={filters.to || undefined} onChange={(e) => update({ from: e.target.value })} />
        </div>
        <div>
          <Label htmlFor="booking-to">To</Label>
          <Input id="booking-to" type="date" value={filters.to} min={filters.from || undefined} aria-invalid={rangeInvalid} onChange={(e) => update({ to: e.target.value })} />
        </div>
        <Button variant="ghost" onClick={clear} disabled={!filtered} className="sm:self-end sm:justify-self-end lg:mb-0.5">
          <X /> Clear
        </Button>
      </div>
      {rangeInvalid ? <p className="-mt-3 mb-4 text-xs text-danger">The end date must be on or after the start date.</p> : null}

      <PagedList
        label="Bookings"
        query={list}
        rows={(d) => d.bookings}
        columns={columns}
        rowKey={(b) => b.id}
        errorText="Could not load bookings."
        emptyText="No bookings found."
        onPage={setPage}
      />
      <BookingDetailDialog id={viewing} onClose={() => setViewing(null)} />
      <NewBookingDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
