// The data-table kit: a list's table (columns once: header, phone label, cell, optional sort), its loading,
// error and empty rows, the search box and the pager. Tables stack into cards on a phone (each cell a
// "label: value" line). filter-bar.tsx declares a list's filters; list-page.tsx puts a whole list together from
// its query (filters, table, pager, error toast): the admin lists (users, bookings, tickets, incidents, coupons,
// staff, audit) are built from it.
import { ArrowDown, ArrowUp, ArrowUpDown, ChevronLeft, ChevronRight, Search } from "lucide-react";
import { useEffect, useEffectEvent, useMemo, useState, type ComponentProps, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Panel } from "@/components/ui/panel";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/utils";

/**
 * A table in a panel that scrolls sideways when its columns do not fit. On a phone its rows stack into cards (each
 * cell a "label: value" line) unless `stack` is false (a grid that keeps its columns, e.g. a week).
 */
export function DataTable({ className, tableClassName, children, label, stack = true }: { className?: string; tableClassName?: string; children: ReactNode; label: string; stack?: boolean }) {
  return (
    <Panel className={cn("overflow-hidden", className)}>
      {/* Scrolls sideways when the columns do not fit (zoom, tablets): keyboard users focus it to scroll. */}
      <div role="region" aria-label={label} tabIndex={0} className="relative overflow-x-auto focus-visible:outline-offset-[-2px]">
        {/* Phones: each row becomes a card, each cell a "label: value" line (see Td's label). */}
        <table aria-label={label} className={cn("w-full border-collapse text-left text-sm", stack ? "max-sm:block max-sm:[&>tbody]:block max-sm:[&>thead]:hidden sm:min-w-[640px]" : "", tableClassName)}>
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

/** A search box that reports its value after the user pauses typing. */
export function SearchBox({ id, value, onSearch, placeholder, label, className }: { id?: string; value: string; onSearch: (v: string) => void; placeholder: string; label: string; className?: string }) {
  const [text, setText] = useState(value);
  const [applied, setApplied] = useState(value);
  if (value !== applied) {
    // The value changed from outside (e.g. Clear filters): show it.
    setApplied(value);
    setText(value);
  }
  // The latest onSearch, so that a new function on each render does not restart the pause.
  const search = useEffectEvent(onSearch);
  useEffect(() => {
    const id = setTimeout(() => {
      if (text.trim() !== value) search(text.trim());
    }, 300);
    return () => clearTimeout(id);
  }, [text, value]);
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

export type Column<Row> = {
  /** The column's name: its header and, on a phone, the label before each value. */
  header: string;
  cell: (row: Row) => ReactNode;
  /** Classes of the column's cells (not its header). */
  className?: string;
  /** Aligns the header and the cells to the right (figures, buttons). */
  align?: "right";
  /** A column of actions (buttons): its cells have no phone label. */
  actions?: boolean;
  /** The header is read by screen readers only (a column of buttons whose name needs no showing). */
  hideHeader?: boolean;
  /** Sorts the rows shown by this value (the header becomes a button). */
  sortValue?: (row: Row) => string | number | null;
};

export type Sort = { column: string; direction: "ascending" | "descending" };

/** The rows ordered by a column's sortValue (nulls last either way); the same rows when none is chosen. */
export function sortRows<Row>(rows: readonly Row[], columns: readonly Column<Row>[], sort: Sort | null): Row[] {
  const by = sort ? columns.find((c) => c.header === sort.column)?.sortValue : undefined;
  if (!sort || !by) return [...rows];
  const sign = sort.direction === "ascending" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = by(a);
    const y = by(b);
    if (x === y) return 0;
    if (x === null) return 1;
    if (y === null) return -1;
    return (typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y))) * sign;
  });
}

function SortHeader({ column, sort, onSort }: { column: string; sort: Sort | null; onSort: (s: Sort) => void }) {
  const active = sort?.column === column;
  const Icon = !active ? ArrowUpDown : sort.direction === "ascending" ? ArrowUp : ArrowDown;
  return (
    <button
      type="button"
      onClick={() => onSort({ column, direction: active && sort.direction === "ascending" ? "descending" : "ascending" })}
      className="inline-flex cursor-pointer items-center gap-1.5 uppercase tracking-[inherit] hover:text-foreground focus-visible:text-foreground"
    >
      {column}
      <Icon className={cn("size-3", active ? "text-gold" : "opacity-50")} aria-hidden />
    </button>
  );
}

const idOf = (row: unknown) => String((row as { id: unknown }).id);

/** What ListTable takes. */
export type ListTableProps<Row> = {
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  /** The row's React key; the row's `id` when not given. */
  rowKey?: (row: Row) => string;
  loading?: boolean;
  error?: boolean;
  errorText?: ReactNode;
  emptyText: ReactNode;
  /** Each row's data-testid. */
  rowTestId?: string;
  /** Rows shown dimmed (an inactive coupon, a retired car). */
  dimmed?: (row: Row) => boolean;
};

/**
 * A list's table from its columns: a spinner row while loading, `errorText` when the list could not be read,
 * `emptyText` when it has no rows, else a row per item (sortable by the columns that say how).
 */
export function ListTable<Row>({ label, columns, rows, rowKey = idOf, loading, error, errorText, emptyText, rowTestId, dimmed }: ListTableProps<Row>) {
  const [sort, setSort] = useState<Sort | null>(null);
  const shown = useMemo(() => sortRows(rows ?? [], columns, sort), [rows, columns, sort]);
  const span = columns.length;
  return (
    <DataTable label={label}>
      <thead>
        <tr>
          {columns.map((c) => (
            <Th key={c.header} className={c.align === "right" ? "text-right" : undefined} aria-sort={c.sortValue ? (sort?.column === c.header ? sort.direction : "none") : undefined}>
              {c.hideHeader ? <span className="sr-only">{c.header}</span> : c.sortValue ? <SortHeader column={c.header} sort={sort} onSort={setSort} /> : c.header}
            </Th>
          ))}
        </tr>
      </thead>
      <tbody>
        {loading ? (
          <StateRow colSpan={span} loading />
        ) : error ? (
          <StateRow colSpan={span}>{errorText}</StateRow>
        ) : !shown.length ? (
          <StateRow colSpan={span}>{emptyText}</StateRow>
        ) : (
          shown.map((row) => (
            <Tr key={rowKey(row)} data-testid={rowTestId} className={cn(dimmed?.(row) && "text-foreground/60")}>
              {columns.map((c) => (
                <Td key={c.header} label={c.actions ? undefined : c.header} className={cn(c.align === "right" && "text-right", c.className)}>
                  {c.cell(row)}
                </Td>
              ))}
            </Tr>
          ))
        )}
      </tbody>
    </DataTable>
  );
}
