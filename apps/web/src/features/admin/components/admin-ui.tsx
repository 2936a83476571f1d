// Building blocks shared by the admin screens: page header, tables, pagination, badges, search.
import { bookingStatusLabels, type BookingStatus } from "@meridian/shared/booking-status";
import { ChevronLeft, ChevronRight, Search } from "lucide-react";
import { useEffect, useState, type ComponentProps, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

export function PageHeader({ eyebrow, title, description, actions }: { eyebrow?: string; title: string; description?: string; actions?: ReactNode }) {
  return (
    <div className="mb-8 flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
      <div>
        {eyebrow ? <p className="mb-2 text-[0.7rem] font-medium uppercase tracking-[0.28em] text-gold">{eyebrow}</p> : null}
        <h1 className="font-display text-4xl font-medium leading-tight text-foreground sm:text-5xl">{title}</h1>
        {description ? <p className="mt-2 max-w-2xl text-sm leading-relaxed text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2.5">{actions}</div> : null}
    </div>
  );
}

export function Panel({ className, ...props }: ComponentProps<"section">) {
  return <section className={cn("rounded-[var(--radius-card)] border border-border bg-surface/80 shadow-[0_30px_80px_-50px_rgba(0,0,0,0.9)]", className)} {...props} />;
}

export function DataTable({ className, children, label }: { className?: string; children: ReactNode; label: string }) {
  return (
    <Panel className={cn("overflow-hidden", className)}>
      {/* Scrolls sideways when the columns do not fit (zoom, tablets): keyboard users focus it to scroll. */}
      <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto focus-visible:outline-offset-[-2px]">
        {/* Phones: each row becomes a card, each cell a "label: value" line (see Td's label). */}
        <table aria-label={label} className="w-full border-collapse text-left text-sm max-sm:block max-sm:[&>tbody]:block max-sm:[&>thead]:hidden sm:min-w-[640px]">
          {children}
        </table>
      </div>
    </Panel>
  );
}

export function Th({ className, ...props }: ComponentProps<"th">) {
  return (
    <th
      scope="col"
      className={cn("border-b border-border bg-surface-2/60 px-5 py-3.5 text-[0.68rem] font-medium uppercase tracking-[0.2em] text-muted", className)}
      {...props}
    />
  );
}

/** `label` is the column name, shown before the value when the table is stacked on a phone. */
export function Td({ className, label, children, ...props }: ComponentProps<"td"> & { label?: string }) {
  return (
    <td
      data-label={label}
      className={cn(
        "border-b border-border/60 px-5 py-4 align-middle text-foreground/90",
        "max-sm:flex max-sm:items-center max-sm:gap-4 max-sm:border-b-0 max-sm:py-1.5 max-sm:text-right",
        label
          ? "max-sm:justify-between max-sm:before:shrink-0 max-sm:before:text-left max-sm:before:text-[0.66rem] max-sm:before:uppercase max-sm:before:tracking-[0.18em] max-sm:before:text-muted max-sm:before:content-[attr(data-label)]"
          : "max-sm:justify-end",
        className,
      )}
      {...props}
    >
      <div className="min-w-0 sm:contents">{children}</div>
    </td>
  );
}

export function Tr({ className, ...props }: ComponentProps<"tr">) {
  return (
    <tr
      className={cn("transition-colors hover:bg-white/[0.025] [&:last-child>td]:border-b-0 max-sm:block max-sm:border-b max-sm:border-border/60 max-sm:py-3 max-sm:last:border-b-0", className)}
      {...props}
    />
  );
}

/** A full-width row for loading, empty and error states. */
export function StateRow({ colSpan, loading, children }: { colSpan: number; loading?: boolean; children?: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-5 py-16 text-center text-sm text-muted max-sm:block">
        {loading ? <Spinner /> : children}
      </td>
    </tr>
  );
}

export function Pagination({ page, pageSize, total, onPage }: { page: number; pageSize: number; total: number; onPage: (p: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return (
    <div className="mt-5 flex flex-wrap items-center justify-between gap-3 text-sm text-muted">
      <p>
        {total === 0 ? "No results" : `Showing ${first}–${last} of ${total}`}
      </p>
      <div className="flex items-center gap-2">
        <Button variant="subtle" size="sm" aria-label="Previous page" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          <ChevronLeft /> Prev
        </Button>
        <span className="px-2 tabular-nums text-foreground/80">
          Page {page} of {pages}
        </span>
        <Button variant="subtle" size="sm" aria-label="Next page" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          Next <ChevronRight />
        </Button>
      </div>
    </div>
  );
}

const statusTones: Record<string, ComponentProps<typeof Badge>["tone"]> = {
  pending: "neutral",
  confirmed: "gold",
  in_progress: "info",
  en_route: "info",
  on_location: "info",
  on_board: "info",
  no_show: "danger",
  expired: "danger",
  completed: "success",
  cancelled: "danger",
  refunded: "neutral",
  active: "success",
  inactive: "danger",
  released: "gold",
  void: "danger",
  // valet cars
  checked_in: "neutral",
  parked: "info",
  requested: "gold",
  retrieving: "gold",
  ready: "success",
  delivered: "neutral",
};

export function StatusBadge({ status }: { status: string }) {
  const label = bookingStatusLabels[status as BookingStatus] ?? status.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());
  return <Badge tone={statusTones[status] ?? "neutral"}>{label}</Badge>;
}

/** A search box that reports its value after the user pauses typing. */
export function SearchBox({ id, value, onSearch, placeholder, label, className }: { id?: string; value: string; onSearch: (v: string) => void; placeholder: string; label: string; className?: string }) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    // The value changed from outside (e.g. Clear filters): show it.
    setApplied(value);
    setText(value);
  }
  useEffect(() => {
    const id = setTimeout(() => {
      if (text.trim() !== value) onSearch(text.trim());
    }, 300);
    return () => clearTimeout(id);
  }, [text, value, onSearch]);
  return (
    <div className={cn("relative w-full sm:max-w-sm", className)}>
      <Search className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-gold/70" aria-hidden />
      <Input
        id={id}
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter") onSearch(text.trim());
        }}
        className="pl-10"
      />
    </div>
  );
}

export function DetailRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-6 border-b border-border/60 py-2.5 text-sm last:border-b-0">
      <dt className="shrink-0 text-muted">{label}</dt>
      <dd className="min-w-0 text-right text-foreground [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

export function formatDateTime(value: string) {
  return new Date(value).toLocaleString("en-US", { year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
}

/** A dialog form's footer: Cancel, and the submit button with its pending label. */
export function FormActions({ onCancel, pending, label, pendingLabel }: { onCancel: () => void; pending: boolean; label: string; pendingLabel: string }) {
  return (
    <div className="flex justify-end gap-3 pt-2">
      <Button type="button" variant="ghost" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}
