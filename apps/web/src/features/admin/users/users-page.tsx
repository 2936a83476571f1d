import type { AdminUser } from "@meridian/shared/admin";
import { isMailableEmail } from "@meridian/shared/caller-booking";
import { ROLE_LABELS } from "@meridian/shared/roles";
import { Pencil, UserPlus } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/features/auth/auth-context";
import { notifyError } from "@/lib/notify";
import { useUsers, type UserFilters } from "../api/get-users";
import { DataTable, PageHeader, Pagination, SearchBox, StateRow, StatusBadge, Td, Th, Tr } from "../components/admin-ui";
import { EditUserDialog, NewUserDialog } from "./user-dialogs";

const PAGE_SIZE = 20;

export default function UsersPage() {
  const { user: me } = useAuth();
  const [filters, setFilters] = useState<UserFilters>({ q: "", page: 1, pageSize: PAGE_SIZE });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [creating, setCreating] = useState(false);
  const { data, isPending, isError, error, isFetching } = useUsers(filters);
  const setQ = useCallback((q: string) => setFilters((f) => ({ ...f, q, page: 1 })), []);

  useEffect(() => {
    if (isError) notifyError("Error fetching users", error);
  }, [isError, error]);

  return (
    <>
      <PageHeader
        eyebrow="Access"
        title="Users & Roles"
        description="Every account, its role and whether it may sign in."
        actions={
          <Button onClick={() => setCreating(true)}>
            <UserPlus /> New User
          </Button>
        }
      />
      <div className="mb-5 flex items-center gap-4">
        <SearchBox value={filters.q} onSearch={setQ} label="Search users" placeholder="Search by name, email or phone..." />
        {isFetching && !isPending ? <span className="text-xs text-muted">Searching…</span> : null}
      </div>
      <DataTable label="Users">
        <thead>
          <tr>
            <Th>Name</Th>
            <Th>Phone</Th>
            <Th>Role</Th>
            <Th>Status</Th>
            <Th className="text-right">Actions</Th>
          </tr>
        </thead>
        <tbody>
          {isPending ? (
            <StateRow colSpan={5} loading />
          ) : isError ? (
            <StateRow colSpan={5}>Could not load users.</StateRow>
          ) : !data.users.length ? (
            <StateRow colSpan={5}>No users found.</StateRow>
          ) : (
            data.users.map((u) => (
              <Tr key={u.id}>
                <Td label="Name">
                  <div className="font-medium text-foreground">{u.fullName}</div>
                  <div className="mt-0.5 text-xs text-muted">{isMailableEmail(u.email) ? u.email : "No e-mail"}</div>
                </Td>
                <Td label="Phone" className="tabular-nums text-foreground/80">{u.phone || <span className="text-muted">—</span>}</Td>
                <Td label="Role">
                  <span className={u.role === "admin" ? "text-gold" : "text-foreground/80"}>{ROLE_LABELS[u.role]}</span>
                </Td>
                <Td label="Status">
                  <StatusBadge status={u.status} />
                </Td>
                <Td className="text-right">
                  <Button variant="ghost" size="sm" aria-label={`Edit ${u.fullName}`} onClick={() => setEditing(u)}>
                    <Pencil /> Edit
                  </Button>
                </Td>
              </Tr>
            ))
          )}
        </tbody>
      </DataTable>
      {data ? <Pagination page={data.page} pageSize={data.pageSize} total={data.total} onPage={(page) => setFilters((f) => ({ ...f, page }))} /> : null}
      <EditUserDialog user={editing} isSelf={editing?.id === me?.id} onClose={() => setEditing(null)} />
      <NewUserDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
