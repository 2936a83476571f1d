// A My Bookings tab's list (bookings, tickets, receipts): its skeleton while it loads; when it failed, a toast and a
// card with Try again; when there are none, the tab's empty state; else the rows in a list named "Your <noun>".
import type { UseQueryResult } from "@tanstack/react-query";
import { RotateCw } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { useErrorToast } from "@/hooks/use-error-toast";
import { EmptyState } from "./empty-state";

export function TabList<T>({
  query,
  noun,
  listClassName,
  loading,
  empty,
  children,
}: {
  query: UseQueryResult<T[]>;
  /** What the list holds, as the messages say it ("bookings"). */
  noun: string;
  listClassName: string;
  loading: ReactNode;
  empty: { icon: ReactNode; title: string; text: string };
  /** The list's items, once there is at least one row. */
  children: (rows: T[]) => ReactNode;
}) {
  useErrorToast(query.isError, query.error, `Error fetching ${noun}`);
  if (query.isPending) return loading;
  if (query.isError) {
    return (
      <div className="rounded-[var(--radius-card)] border border-danger/40 bg-danger/5 p-6 text-sm">
        <p className="text-foreground">{`We could not load your ${noun} just now.`}</p>
        <Button variant="outline" size="sm" className="mt-4" onClick={() => query.refetch()}>
          <RotateCw aria-hidden /> Try again
        </Button>
      </div>
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState icon={empty.icon} title={empty.title}>
        {empty.text}
      </EmptyState>
    );
  }
  return (
    <ul className={listClassName} aria-label={`Your ${noun}`}>
      {children(query.data)}
    </ul>
  );
}

/** Grey placeholder cards of the list's height while it loads. */
export function ListSkeleton({ label, rows, className }: { label: string; rows: number; className: string }) {
  return (
    <div className="space-y-3" aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className={`${className} animate-pulse rounded-[var(--radius-card)] border border-border bg-surface`} />
      ))}
    </div>
  );
}
