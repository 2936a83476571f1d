import type { AdminUser } from "@meridian/shared/admin";
import { isMailableEmail } from "@meridian/shared/caller-booking";
import { ROLE_LABELS } from "@meridian/shared/roles";
import { Pencil, UserPlus } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth/auth-context";
import { useErrorToast } from "@/hooks/use-error-toast";
import { useUsers, type UserFilters } from "./api/get-users";
import { PageHeader, StatusBadge } from "@/components/admin/admin-ui";
import { PagedList, SearchBox, useListFilters, type Column } from "@/components/data-table/data-table";
import { EditUserDialog, NewUserDialog } from "./user-dialogs";

const PAGE_SIZE = 20;

export default function UsersPage() {
  const { user: me } = useAuth();
  const { filters, update, setPage } = useListFilters<UserFilters>({ q: "", page: 1, pageSize: PAGE_SIZE });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useUsers(filters);
  const { isPending, isError, error, isFetching } = list;
  const setQ = useCallback((q: string) => update({ q }), [update]);
  useErrorToast(isError, error, "Error fetching users");
  const columns = useMemo<Column<AdminUser>[]>(
    () => [
      {
        header: "Name",
        sortValue: (u) => u.fullName.toLowerCase(),
        cell: (u) => (
          <>
            <div className="font-medium text-foreground">{u.fullName}</div>
            <div className="mt-0.5 text-xs text-muted">{isMailableEmail(u.email) ? u.email : "No e-mail"}</div>
          </>
        ),
      },
      { header: "Phone", className: "tabular-nums text-foreground/80", cell: (u) => u.phone || <span className="text-muted">—</span> },
      {
        header: "Role",
        sortValue: (u) => ROLE_LABELS[u.role],
        cell: (u) => <span className={u.role === "admin" ? "text-gold" : "text-foreground/80"}>{ROLE_LABELS[u.role]}</span>,
      },
      { header: "Status", sortValue: (u) => u.status, cell: (u) => <StatusBadge status={u.status} /> },
      {
        header: "Actions",
        actions: true,
        className: "text-right",
        cell: (u) => (
          <Button variant="ghost" size="sm" aria-label={`Edit ${u.fullName}`} onClick={() => setEditing(u)}>
            <Pencil /> Edit
          </Button>
        ),
      },
    ],
    [],
  );

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
      <PagedList
        label="Users"
        query={list}
        rows={(d) => d.users}
        columns={columns}
        rowKey={(u) => u.id}
        errorText="Could not load users."
        emptyText="No users found."
        onPage={setPage}
      />
      <EditUserDialog user={editing} isSelf={editing?.id === me?.id} onClose={() => setEditing(null)} />
      <NewUserDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
