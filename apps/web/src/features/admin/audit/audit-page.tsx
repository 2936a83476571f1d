import type { AdminAuditEntry } from "@meridian/shared/admin";
import { useEffect, useState } from "react";
import { notifyError } from "@/lib/notify";
import { useAudit } from "../api/get-audit";
import { DataTable, formatDateTime, PageHeader, Pagination, StateRow, Td, Th, Tr } from "../components/admin-ui";

const PAGE_SIZE = 25;

const show = (v: unknown) => (v === null || v === undefined || v === "" ? "—" : typeof v === "object" ? JSON.stringify(v) : String(v));

/** One line per changed field: before -> after. */
function Changes({ entry }: { entry: AdminAuditEntry }) {
  const before = (entry.before && typeof entry.before === "object" ? entry.before : {}) as Record<string, unknown>;
  const after = (entry.after && typeof entry.after === "object" ? entry.after : {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  if (!keys.length) return <span className="text-muted">—</span>;
  return (
    <ul className="space-y-1">
      {keys.map((k) => (
        <li key={k} className="text-xs leading-relaxed">
          <span className="text-muted">{k}: </span>
          {k in before ? (
            <>
              <span className="text-danger/90 line-through decoration-danger/40">{show(before[k])}</span>
              <span className="mx-1.5 text-gold">→</span>
            </>
          ) : null}
          <span className="text-success">{show(after[k])}</span>
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
                <Td label="Timestamp" className="whitespace-nowrap align-top text-foreground/80">{formatDateTime(e.at)}</Td>
                <Td label="Actor" className="align-top">{e.actorEmail ?? "—"}</Td>
                <Td label="Action" className="align-top">
                  <span className="rounded-md border border-gold/30 bg-gold/[0.06] px-2 py-0.5 font-mono text-xs text-gold-bright">{e.action}</span>
                </Td>
                <Td label="Entity" className="align-top">
                  <div className="capitalize">{e.entity}</div>
                  {e.entityId ? <div className="mt-0.5 max-w-[11rem] truncate font-mono text-[0.7rem] text-muted" title={e.entityId}>{e.entityId}</div> : null}
                </Td>
                <Td label="Details" className="align-top sm:min-w-[16rem]">
                  <Changes entry={e} />
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
