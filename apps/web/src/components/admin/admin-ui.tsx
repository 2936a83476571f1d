// Building blocks shared by the admin screens: page header, badges, detail rows (the tables and their search and
// paging are the data-table kit, components/data-table; a dialog form's actions are the form kit's, components/form).
import { bookingStatusLabels, type BookingStatus } from "@meridian/shared/booking-status";
import type { ComponentProps, ReactNode } from "react";
import { Badge } from "@/components/ui/badge";

export function PageHeader({ eyebrow, title, description, actions }: { eyebrow?: string; title: string; description?: string; actions?: ReactNode }) {
  return (
    <div className="mb-8 flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
      <div>
        {eyebrow ? <p className="mb-2 text-[0.7rem] font-medium uppercase tracking-[0.28em] text-gold">{eyebrow}</p> : null}
        <h1 className="font-display text-4xl font-medium leading-tight text-foreground sm:text-5xl">{title}</h1>
        {description ? <p className="mt-2 max-w-2xl text-sm leading-relaxed text-muted">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2.5 sm:shrink-0">{actions}</div> : null}
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
