import type { AdminAuditEntry } from "@meridian/shared/admin";
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, auditFieldLabel, isMoneyField, UUID_PATTERN } from "@meridian/shared/audit";
import { ROLE_LABELS, roles, type Role } from "@meridian/shared/roles";
import { bookingStatusLabels, isBookingStatus } from "@meridian/shared/booking-status";
import { useMemo, useState } from "react";
import { formatMoney } from "@meridian/shared/money";
import { useAudit } from "../api/get-audit";
import { PageHeader } from "@/components/admin/admin-ui";
import type { Column } from "@/components/data-table/data-table";
import { ListPage } from "@/components/data-table/list-page";

const PAGE_SIZE = 25;

type Names = Record<string, string>;

/** An instant on the operations clock, with its zone: "Nov 26, 2026, 4:30 PM PST". */
const atTime = (iso: string, timeZone: string) =>
  new Date(iso).toLocaleString("en-US", { timeZone, year: "numeric", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZoneName: "short" });

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A value as a person reads it: names for ids, dollars for amounts, labels for statuses, Yes/No, times on the operations clock. */
function show(key: string, v: unknown, names: Names, timeZone: string): string {
  if (v === null || v === undefined || v === "") return "—";
  if (typeof v === "boolean") return v ? "Yes" : "No";
  if (typeof v === "number") return isMoneyField(key) ? formatMoney(v) : String(v);
  if (typeof v === "string") {
    if (UUID_PATTERN.test(v)) return names[v] ?? "(removed)";
    if (key === "status" && isBookingStatus(v)) return bookingStatusLabels[v];
    if (key === "role" && (roles as readonly string[]).includes(v)) return ROLE_LABELS[v as Role];
    if (ISO_INSTANT.test(v)) return atTime(v, timeZone);
    return v;
  }
  if (Array.isArray(v)) return v.length === 1 ? "1 entry" : `${v.length} entries`;
  return Object.entries(v as Record<string, unknown>)
    .filter(([k]) => k !== "id")
    .map(([k, x]) => `${auditFieldLabel(k)} ${show(k, x, names, timeZone)}`)
    .join(", ");
}

/** One line per changed field: before -> after (the server keeps only the fields that changed). */
function Changes({ entry, names, timeZone }: { entry: AdminAuditEntry; names: Names; timeZone: string }) {
  const before = (entry.before && typeof entry.before === "object" ? entry.before : {}) as Record<string, unknown>;
  const after = (entry.after && typeof entry.after === "object" ? entry.after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (!keys.length) return <span className="text-muted">—</span>;
  return (
    <ul className="space-y-1">
      {keys.map((k) => (
        <li key={k} className="text-xs leading-relaxed">
          <span className="text-muted">{auditFieldLabel(k)}: </span>
          {k in before ? (
            <>
              <span className="text-danger/90 line-through decoration-danger/40">{show(k, before[k], names, timeZone)}</span>
              {k in after ? <span className="mx-1.5 text-gold" aria-label="changed to">→</span> : null}
            </>
          ) : null}
          {k in after ? <span className="text-success">{show(k, after[k], names, timeZone)}</span> : null}
        </li>
      ))}
    </ul>
  );
}

/** The log's columns: names and times as `names` and the operations clock (`timeZone`) give them. */
function auditColumns(names: Names, timeZone: string): Column<AdminAuditEntry>[] {
  return [
    { header: "Timestamp", className: "whitespace-nowrap align-top text-foreground/80", sortValue: (e) => e.at, cell: (e) => atTime(e.at, timeZone) },
    {
      header: "Actor",
      className: "align-top",
      cell: (e) => (
        <>
          <div>{(e.actorId && names[e.actorId]) ?? e.actorEmail ?? "—"}</div>
          {e.actorId && names[e.actorId] && e.actorEmail ? <div className="mt-0.5 text-xs text-muted">{e.actorEmail}</div> : null}
        </>
      ),
    },
    {
      header: "Action",
      className: "align-top",
      sortValue: (e) => AUDIT_ACTION_LABELS[e.action] ?? e.action,
      cell: (e) => <span className="rounded-md border border-gold/30 bg-gold/[0.06] px-2 py-0.5 text-xs text-gold-bright">{AUDIT_ACTION_LABELS[e.action] ?? e.action}</span>,
    },
    {
      header: "Entity",
      className: "align-top",
      cell: (e) => (
        <>
          <div>{AUDIT_ENTITY_LABELS[e.entity] ?? e.entity}</div>
          {e.entityId && names[e.entityId] ? <div className="mt-0.5 max-w-[14rem] text-xs text-muted">{names[e.entityId]}</div> : null}
        </>
      ),
    },
    { header: "Details", className: "align-top sm:min-w-[16rem]", cell: (e) => <Changes entry={e} names={names} timeZone={timeZone} /> },
  ];
}

export default function AuditPage() {
  const [page, setPage] = useState(1);
  const list = useAudit(page, PAGE_SIZE);
  const { data } = list;
  const columns = useMemo(() => auditColumns(data?.names ?? {}, data?.timeZone ?? "UTC"), [data?.names, data?.timeZone]);

  return (
    <>
      <PageHeader eyebrow="Governance" title="Audit Logs" description="Every change made in the back office: who, what, and the values before and after. Newest first." />
      <ListPage label="Audit log" query={list} onPage={setPage} rows={(d) => d.entries} columns={columns} errorText="Could not load the audit log." emptyText="No audit entries yet." errorToast="Error fetching data" />
    </>
  );
}
