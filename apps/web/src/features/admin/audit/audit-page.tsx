import type { AdminAuditEntry } from "@meridian/shared/admin";
import { AUDIT_ACTION_LABELS, AUDIT_ENTITY_LABELS, auditFieldLabel, isMoneyField, UUID_PATTERN } from "@meridian/shared/audit";
import { ROLE_LABELS, roles, type Role } from "@meridian/shared/roles";
import { bookingStatusLabels, isBookingStatus } from "@meridian/shared/booking-status";
import { useEffect, useState } from "react";
import { notifyError } from "@/lib/notify";
import { formatMoney } from "@meridian/shared/money";
import { useAudit } from "../api/get-audit";
import { DataTable, PageHeader, Pagination, StateRow, Td, Th, Tr } from "../components/admin-ui";

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

export default function AuditPage() {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, error } = useAudit(page, PAGE_SIZE);
  useEffect(() => {
    if (isError) notifyError("Error fetching data", error);
  }, [isError, error]);

  return (
    <>
      <PageHeader eyebrow="Governance" title="Audit Logs" description="Every change made in the back office: who, what, and the values before and after. Newest first." />
      <DataTable label="Audit log">
        <thead>
          <tr>
            <Th>Timestamp</Th>
            <Th>Actor</Th>
            <Th>Action</Th>
            <Th>Entity</Th>
            <Th>Details</Th>
          </tr>
        </thead>
        <tbody>
          {isPending ? (
            <StateRow colSpan={5} loading />
          ) : isError ? (
            <StateRow colSpan={5}>Could not load the audit log.</StateRow>
          ) : !data.entries.length ? (
            <StateRow colSpan={5}>No audit entries yet.</StateRow>
          ) : (
            data.entries.map((e) => (
              <Tr key={e.id}>
                <Td label="Timestamp" className="whitespace-nowrap align-top text-foreground/80">{atTime(e.at, data.timeZone)}</Td>
                <Td label="Actor" className="align-top">
                  <div>{(e.actorId && data.names[e.actorId]) ?? e.actorEmail ?? "—"}</div>
                  {e.actorId && data.names[e.actorId] && e.actorEmail ? <div className="mt-0.5 text-xs text-muted">{e.actorEmail}</div> : null}
                </Td>
                <Td label="Action" className="align-top">
                  <span className="rounded-md border border-gold/30 bg-gold/[0.06] px-2 py-0.5 text-xs text-gold-bright">{AUDIT_ACTION_LABELS[e.action] ?? e.action}</span>
                </Td>
                <Td label="Entity" className="align-top">
                  <div>{AUDIT_ENTITY_LABELS[e.entity] ?? e.entity}</div>
                  {e.entityId && data.names[e.entityId] ? <div className="mt-0.5 max-w-[14rem] text-xs text-muted">{data.names[e.entityId]}</div> : null}
                </Td>
                <Td label="Details" className="align-top sm:min-w-[16rem]">
                  <Changes entry={e} names={data.names} timeZone={data.timeZone} />
                </Td>
              </Tr>
            ))
          )}
        </tbody>
      </DataTable>
      {data ? <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} /> : null}
    </>
  );
}
