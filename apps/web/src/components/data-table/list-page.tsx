// A list page's body from declarations: its filters (FilterBar), its table from the columns (sortable, with
// loading, error and empty rows), the pager once a page has come, and the error toast when the list cannot be
// read. The page keeps its header, its dialogs and its query.
import { Download, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button, buttonVariants } from "@/components/ui/button";
import { useErrorToast } from "@/hooks/use-error-toast";
import { cn } from "@/lib/utils";
import { ListTable, Pagination, type ListTableProps } from "./data-table";
import { FilterBar, type ListFilters } from "./filter-bar";

/** What a list needs of its query (TanStack Query's result fits). */
export type ListQuery<Data> = { data: Data | undefined; isPending: boolean; isError: boolean; error?: unknown; isFetching?: boolean };

type Paged = { page: number; pageSize: number; total: number };
const isPaged = (data: unknown): data is Paged => typeof data === "object" && data !== null && "total" in data && "page" in data && "pageSize" in data;

export type ListPageProps<Data, Row, F extends { page: number }> = Omit<ListTableProps<Row>, "rows" | "loading" | "error"> & {
  query: ListQuery<Data>;
  /** The rows in the query's answer. */
  rows: (data: Data) => readonly Row[];
  /** The list's filter state (useListFilters): its filters are drawn above the table and its page is turned. */
  filters?: ListFilters<F>;
  /** Turns the page where the list has no filters (a paged answer gets a pager). */
  onPage?: (page: number) => void;
  /** The toast's title when the list cannot be read. */
  errorToast?: string;
};

export function ListPage<Data, Row, F extends { page: number } = { page: number }>({ query, rows, filters, onPage, errorToast, ...table }: ListPageProps<Data, Row, F>) {
  useErrorToast(Boolean(errorToast) && query.isError, query.error, errorToast ?? "");
  const { data } = query;
  const turn = onPage ?? filters?.setPage;
  return (
    <>
      {filters?.defs.length ? <FilterBar state={filters} busy={Boolean(query.isFetching) && !query.isPending} /> : null}
      <ListTable {...table} rows={data ? rows(data) : undefined} loading={query.isPending} error={query.isError} />
      {turn && isPaged(data) ? <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={turn} /> : null}
    </>
  );
}

/** A list's CSV download (the rows its filters select); `disabled` while the filters cannot be asked for. */
export function CsvLink({ href, disabled = false }: { href: string; disabled?: boolean }) {
  return (
    <a href={href} download className={cn(buttonVariants({ variant: "outline" }), disabled && "pointer-events-none opacity-45")} aria-disabled={disabled}>
      <Download /> Export CSV
    </a>
  );
}

/** An empty list's invitation (its empty text): an icon, a title, a sentence and the action that fills the list. */
export function EmptyState({ icon: Icon, title, action, children }: { icon: LucideIcon; title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 py-4">
      <Icon className="size-10 text-gold/70" aria-hidden />
      <p className="font-display text-2xl text-foreground">{title}</p>
      <p className="max-w-sm text-sm text-muted">{children}</p>
      {action}
    </div>
  );
}

/** A list that could not be read (its error text): the sentence and a button that asks again. */
export function RetryState({ onRetry, children }: { onRetry: () => void; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4">
      <p>{children}</p>
      <Button variant="outline" size="sm" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
