import type { AdminUser } from "@meridian/shared/admin";
import { isMailableEmail } from "@meridian/shared/caller-booking";
import { ROLE_LABELS } from "@meridian/shared/roles";
import { Pencil, UserPlus } from "lucide-react";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { useAuth } from "@/lib/auth/auth-context";
import { useUsers, type UserFilters } from "./api/get-users";
import { PageHeader, StatusBadge } from "@/components/admin/admin-ui";
import type { Column } from "@/components/data-table/data-table";
import { useListFilters, type FilterDef } from "@/components/data-table/filter-bar";
import { ListPage } from "@/components/data-table/list-page";
import { EditUserDialog, NewUserDialog } from "./user-dialogs";
import { formatPhone } from "@meridian/shared/phone";

const PAGE_SIZE = 20;
const FILTERS: FilterDef<UserFilters>[] = [{ kind: "search", key: "q", label: "Search users", placeholder: "Search by name, email or phone...", busyText: "Searching…" }];

export default function UsersPage() {
  const { user: me } = useAuth();
  const filters = useListFilters<UserFilters>({ q: "", page: 1, pageSize: PAGE_SIZE }, FILTERS);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [creating, setCreating] = useState(false);
  const list = useUsers(filters.filters);
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
      { header: "Phone", className: "tabular-nums text-foreground/80", cell: (u) => (u.phone ? formatPhone(u.phone) : <span className="text-muted">—</span>) },
      {
        header: "Role",
        sortValue: (u) => ROLE_LABELS[u.role],
        cell: (u) => <span className={u.role === "admin" ? "text-gold" : "text-foreground/80"}>{ROLE_LABELS[u.role]}</span>,
      },
      { header: "Status", sortValue: (u) => u.status, cell: (u) => <StatusBadge status={u.status} /> },
      {
        header: "Actions",
        actions: true,
        align: "right",
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
        eyebrow="Access" title="Users & Roles" description="Every account, its role and whether it may sign in."
        actions={
          <Button onClick={() => setCreating(true)}>
            <UserPlus /> New User
          </Button>
        }
      />
      <ListPage label="Users" query={list} filters={filters} rows={(d) => d.users} columns={columns} errorText="Could not load users." emptyText="No users found." errorToast="Error fetching users" />
      <EditUserDialog user={editing} isSelf={editing?.id === me?.id} onClose={() => setEditing(null)} />
      <NewUserDialog open={creating} onOpenChange={setCreating} />
    </>
  );
}
