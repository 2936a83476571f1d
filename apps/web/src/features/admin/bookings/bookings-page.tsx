import { bookingStatuses, bookingStatusLabels } from "@meridian/shared/booking-status";
import { Download, Eye, Plus, X } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { notifyError } from "@/lib/notify";
import { formatMoney } from "@meridian/shared/money";
import { cn, formatDate } from "@/lib/utils";
import { bookingsExportUrl, useBookings, type BookingFilters } from "../api/get-bookings";
import { DataTable, PageHeader, Pagination, SearchBox, StateRow, StatusBadge, Td, Th, Tr } from "../components/admin-ui";
import { BookingDetailDialog } from "./booking-detail-dialog";
import { NewBookingDialog } from "./new-booking-dialog";

const PAGE_SIZE = 20;
const EMPTY: BookingFilters = { q: "", status: "all", service: "all", from: "", to: "", page: 1, pageSize: PAGE_SIZE };

export default function BookingsPage() {
  const [filters, setFilters] = useState<BookingFilters>(EMPTY);
  const [viewing, setViewing] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const rangeInvalid = Boolean(filters.from && filters.to && filters.from > filters.to);
  const { data, isPending, isError, error } = useBookings(filters, !rangeInvalid);
  const update = useCallback((patch: Partial<BookingFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch })), []);
  const setQ = useCallback((q: string) => update({ q }), [update]);
  const filtered = filters.q !== "" || filters.status !== "all" || filters.service !== "all" || filters.from !== "" || filters.to !== "";

  useEffect(() => {
    if (isError) notifyError("Error fetching bookings", error);
  }, [isError, error]);

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
        <Button variant="ghost" onClick={() => setFilters(EMPTY)} disabled={!filtered} className="sm:self-end sm:justify-self-end lg:mb-0.5">
          <X /> Clear
        </Button>
      </div>
      {rangeInvalid ? <p className="-mt-3 mb-4 text-xs text-danger">The end date must be on or after the start date.</p> : null}

      <DataTable label="Bookings">
        <thead>
          <tr>
            <Th>Customer</Th>
            <Th>Service</Th>
            <Th>Date</Th>
            <Th>Status</Th>
            <Th className="text-right">Price</Th>
            <Th className="text-right">
              <span className="sr-only">View</span>
            </Th>
          </tr>
        </thead>
        <tbody>
          {isPending ? (
            <StateRow colSpan={6} loading />
          ) : isError ? (
            <StateRow colSpan={6}>Could not load bookings.</StateRow>
          ) : !data.bookings.length ? (
            <StateRow colSpan={6}>No bookings found.</StateRow>
          ) : (
            data.bookings.map((b) => (
              <Tr key={b.id}>
                <Td label="Customer">
                  <div className="font-medium text-foreground">{b.customerName ?? "Guest"}</div>
                  <div className="mt-0.5 text-xs text-muted">{b.customerEmail ?? "—"}</div>
                </Td>
                <Td label="Service">
                  <div className="capitalize">{b.service}</div>
                  {b.event || b.location ? (
                    <div className="mt-0.5 max-w-[16rem] truncate text-xs text-muted" title={[b.event, b.location].filter(Boolean).join(" · ")}>
                      {[b.event, b.location].filter(Boolean).join(" · ")}
                    </div>
                  ) : null}
                </Td>
                <Td label="Date" className="whitespace-nowrap tabular-nums">{formatDate(b.bookingDate)}</Td>
                <Td label="Status">
                  <StatusBadge status={b.status} />
                </Td>
                <Td label="Price" className="text-right tabular-nums text-foreground">{b.price != null ? formatMoney(b.price) : "—"}</Td>
                <Td className="text-right">
                  <Button variant="ghost" size="sm" onClick={() => setViewing(b.id)} aria-label={`View booking for ${b.customerName ?? "guest"}`}>
                    <Eye /> View
                  </Button>
                </Td>
              </Tr>
            ))
          )}
        </tbody>
      </DataTable>
      {data ? <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={(page) => setFilters((f) => ({ ...f, page }))} /> : null}
      <BookingDetailDialog id={viewing} onClose={() => setViewing(null)} />
      <NewBookingDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
