// A ticket's timeline: each state change with who made it and when (staff and admin screens alike).
import { VALET_STATUS_LABELS, type TimelineEntry, type ValetStatus } from "@meridian/shared/valet-ticket";
import { formatDateTime } from "@/components/admin/admin-ui";

export function Timeline({ entries }: { entries: TimelineEntry[] }) {
  return (
    <ol aria-label="Timeline" className="space-y-1.5 text-sm">
      {entries.map((e, i) => (
        <li key={i} className="flex justify-between gap-4 border-b border-border/50 pb-1.5">
          <span className="text-foreground">{VALET_STATUS_LABELS[e.to as ValetStatus] ?? e.to}</span>
          <span className="text-right text-muted">
            {e.by} · {formatDateTime(e.at)}
          </span>
        </li>
      ))}
    </ol>
  );
}
