// Staff: the real staff accounts (Add Staff creates or promotes one) and their shifts on a week view (New Shift;
// the server refuses a shift overlapping the same person's).
import { zodResolver } from "@hookform/resolvers/zod";
import { ROLE_LABELS, staffRoles } from "@meridian/shared/roles";
import { createShiftSchema, createStaffSchema, type CreateShiftInput, type CreateStaffInput, type Shift, type StaffMember } from "@meridian/shared/rides";
import { CalendarPlus, ChevronLeft, ChevronRight, UserPlus, X } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { SectionTabs } from "@/components/ui/tabs";
import { DateField, SelectField, TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import { Form, FormActions, submitTo } from "@/components/form/form";
import { notifyError, notifySuccess } from "@/lib/notify";
import { addDays, clockIn, dayLabel, mondayOf, todayHere } from "@/lib/time";
import { useAddStaff } from "../api/add-staff";
import { useShifts } from "../api/get-shifts";
import { useStaff } from "../api/get-staff";
import { useCreateShift, useDeleteShift } from "../api/save-shift";
import { getShiftImpact } from "../api/get-shift-impact";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { PageHeader, StatusBadge } from "@/components/admin/admin-ui";
import { DataTable, StateRow, Th, type Column } from "@/components/data-table/data-table";
import { ListPage } from "@/components/data-table/list-page";
import { withArticle } from "@meridian/shared/words";
import { formatPhone } from "@meridian/shared/phone";

const roleOptions = staffRoles.map((value) => ({ value, label: ROLE_LABELS[value] }));

export default function StaffPage() {
  const [adding, setAdding] = useState(false);
  return (
    <>
      <PageHeader
        eyebrow="Team"
        title="Staff"
        description="Chauffeurs, valet attendants and dispatchers, and who works when."
        actions={
          <Button variant="outline" onClick={() => setAdding(true)}>
            <UserPlus /> Add Staff
          </Button>
        }
      />
      <SectionTabs
        defaultValue="members"
        label="Staff sections"
        sections={[
          { value: "members", label: "Staff Members", panel: <MembersTable /> },
          { value: "shifts", label: "Shifts", panel: <ShiftsWeek /> },
        ]}
      />
      <AddStaffDialog open={adding} onOpenChange={setAdding} />
    </>
  );
}

const MEMBER_COLUMNS: Column<StaffMember>[] = [
  { header: "Name", className: "font-medium", sortValue: (s) => s.fullName.toLowerCase(), cell: (s) => s.fullName },
  { header: "Role", className: "text-foreground/80", sortValue: (s) => ROLE_LABELS[s.role], cell: (s) => ROLE_LABELS[s.role] },
  { header: "Email", className: "text-foreground/80", cell: (s) => s.email },
  { header: "Phone", className: "tabular-nums text-foreground/80", cell: (s) => (s.phone ? formatPhone(s.phone) : "—") },
  { header: "Status", cell: (s) => <StatusBadge status={s.status} /> },
];

function MembersTable() {
  const staff = useStaff();
  return <ListPage label="Staff members" query={staff} rows={(d) => d.staff} columns={MEMBER_COLUMNS} errorText={staff.error?.message} emptyText="No staff yet. Add Staff creates their account." />;
}

function AddStaffDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const mutation = useAddStaff();
  const form = useForm<CreateStaffInput>({
    resolver: zodResolver(createStaffSchema),
    defaultValues: { fullName: "", email: "", role: "chauffeur" },
  });
  const onSubmit = submitTo(form, mutation.mutateAsync, {
    failed: "Could not add staff",
    done: (_values, { created, staff }) => [
      created ? "Staff Added" : "Staff Promoted",
      created ? `We e-mailed ${staff.email} a link to choose a password.` : `${staff.fullName} is now ${withArticle(ROLE_LABELS[staff.role])}.`,
    ],
    then: () => onOpenChange(false),
  });
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="Add Staff" description="A new e-mail gets an account and a link to choose a password; an existing customer's account is promoted.">
      <Form form={form} onSubmit={onSubmit} className="space-y-5">
        <TextField<CreateStaffInput> name="fullName" label="Full name" id="staff-fullName" autoComplete="off" />
        <TextField<CreateStaffInput> name="email" label="Email" id="staff-email" type="email" autoComplete="off" />
        <SelectField<CreateStaffInput> name="role" label="Role" id="staff-role" options={roleOptions} />
        <FormActions onCancel={() => onOpenChange(false)} pending={mutation.isPending} label="Add Staff" pendingLabel="Adding…" />
      </Form>
    </FormDialog>
  );
}

function ShiftsWeek() {
  const [from, setFrom] = useState(() => mondayOf(todayHere()));
  const [creating, setCreating] = useState<string | null>(null);
  const staff = useStaff();
  const shifts = useShifts(from);
  const remove = useDeleteShift();
  const days = Array.from({ length: 7 }, (_, i) => addDays(from, i));
  const timeZone = shifts.data?.timeZone ?? "America/Los_Angeles";
  const dayOf = (s: Shift) => new Date(s.startsAt).toLocaleDateString("en-CA", { timeZone });
  const people = staff.data?.staff ?? [];

  const { confirm, dialog } = useConfirm();
  const onDelete = async (s: Shift) => {
    try {
      // A shift that sold rides count on: say what it would strand, and remove it only if the admin still wants to.
      const warnings = await getShiftImpact(s.id);
      if (
        warnings.length &&
        !(await confirm({
          title: "Remove this shift?",
          description: `${s.staffName}'s shift ${clockIn(s.startsAt, timeZone)} – ${clockIn(s.endsAt, timeZone)} covers sold rides:`,
          details: (
            <ul className="list-disc space-y-1.5 pl-5 text-danger" data-testid="shift-impact">
              {warnings.map((w) => (
                <li key={`${w.kind}-${w.at}`}>{w.message}</li>
              ))}
            </ul>
          ),
          confirmLabel: "Remove Shift",
          cancelLabel: "Keep Shift",
          destructive: true,
        }))
      )
        return;
      await remove.mutateAsync(s.id);
      notifySuccess("Shift Removed", `${s.staffName}'s shift was removed.`);
    } catch (err) {
      notifyError("Could not remove the shift", err);
    }
  };

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Button variant="subtle" size="sm" aria-label="Previous week" onClick={() => setFrom(addDays(from, -7))}>
            <ChevronLeft />
          </Button>
          <p className="min-w-48 text-center text-sm text-foreground" aria-live="polite">
            Week of {dayLabel(from)}
          </p>
          <Button variant="subtle" size="sm" aria-label="Next week" onClick={() => setFrom(addDays(from, 7))}>
            <ChevronRight />
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setFrom(mondayOf(todayHere()))}>
            This week
          </Button>
        </div>
        <Button variant="outline" size="sm" onClick={() => setCreating(todayHere() >= from && todayHere() <= days[6]! ? todayHere() : from)}>
          <CalendarPlus /> New Shift
        </Button>
      </div>
      <DataTable label="Shifts" stack={false} tableClassName="min-w-[900px] table-fixed">
        <thead>
          <tr>
            <Th className="w-44">Staff</Th>
            {days.map((d) => (
              <Th key={d} className="px-3">
                {dayLabel(d)}
              </Th>
            ))}
          </tr>
        </thead>
        <tbody>
          {staff.isPending || shifts.isPending ? (
            <StateRow colSpan={8} loading />
          ) : !people.length ? (
            <StateRow colSpan={8}>No staff yet. Add Staff first, then schedule their shifts.</StateRow>
          ) : (
            people.map((p: StaffMember) => (
              <tr key={p.id} className="border-b border-border/60 last:border-b-0">
                <td className="px-5 py-3 align-top">
                  <p className="font-medium text-foreground">{p.fullName}</p>
                  <p className="text-xs text-muted">{ROLE_LABELS[p.role]}</p>
                </td>
                {days.map((d) => (
                  <td key={d} className="px-2 py-2 align-top">
                    <ul className="space-y-1.5">
                      {(shifts.data?.shifts ?? [])
                        .filter((s) => s.staffId === p.id && dayOf(s) === d)
                        .map((s) => (
                          <li key={s.id} className="group relative rounded-md border border-gold/30 bg-gold/[0.07] px-2 py-1.5 text-xs" data-testid="shift">
                            <p className="font-medium text-gold">
                              {clockIn(s.startsAt, timeZone)} – {clockIn(s.endsAt, timeZone)}
                            </p>
                            <p className="truncate text-foreground/70">
                              {ROLE_LABELS[s.role]} · {s.location}
                            </p>
                            <button
                              type="button"
                              aria-label={`Remove ${p.fullName}'s shift ${clockIn(s.startsAt, timeZone)}`}
                              onClick={() => onDelete(s)}
                              className="absolute right-1 top-1 hidden cursor-pointer rounded p-0.5 text-muted hover:text-danger group-hover:block"
                            >
                              <X className="size-3" />
                            </button>
                          </li>
                        ))}
                    </ul>
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </DataTable>
      <NewShiftDialog date={creating} people={people} onClose={() => setCreating(null)} />
      {dialog}
    </>
  );
}

function NewShiftDialog({ date, people, onClose }: { date: string | null; people: StaffMember[]; onClose: () => void }) {
  return (
    <FormDialog open={date !== null} onOpenChange={(open) => !open && onClose()} title="New Shift" description="An end at or before the start ends the next morning.">
      {date ? <NewShiftForm date={date} people={people} onDone={onClose} /> : null}
    </FormDialog>
  );
}

function NewShiftForm({ date, people, onDone }: { date: string; people: StaffMember[]; onDone: () => void }) {
  const mutation = useCreateShift();
  const first = people[0];
  const form = useForm<CreateShiftInput>({
    resolver: zodResolver(createShiftSchema),
    defaultValues: { staffId: first?.id ?? "", date, start: "08:00", end: "16:00", role: first?.role ?? "chauffeur", location: "" },
  });
  const onSubmit = submitTo(form, mutation.mutateAsync, {
    failed: "Could not schedule the shift",
    done: (values, { shift }) => ["Shift Scheduled", `${shift.staffName} works ${values.start}–${values.end} on ${dayLabel(values.date)}.`],
    then: onDone,
  });
  const staffOptions = people.map((p) => ({ value: p.id, label: `${p.fullName} · ${ROLE_LABELS[p.role]}` }));
  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-5">
      <SelectField<CreateShiftInput>
        name="staffId"
        label="Staff member"
        id="shift-staff"
        placeholder="Choose a staff member"
        options={staffOptions}
        onValueChange={(id) => {
          const person = people.find((p) => p.id === id);
          if (person) form.setValue("role", person.role);
        }}
      />
      <div className="grid gap-5 sm:grid-cols-3">
        <DateField<CreateShiftInput> name="date" label="Date" id="shift-date" required={false} />
        <TextField<CreateShiftInput> name="start" label="Start" id="shift-start" type="time" className="[color-scheme:dark]" />
        <TextField<CreateShiftInput> name="end" label="End" id="shift-end" type="time" className="[color-scheme:dark]" />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField<CreateShiftInput> name="role" label="Role" id="shift-role" options={roleOptions} />
        <TextField<CreateShiftInput> name="location" label="Location" id="shift-location" placeholder="LAX Terminal B" />
      </div>
      <FormActions onCancel={onDone} pending={mutation.isPending} label="Schedule Shift" pendingLabel="Scheduling…" />
    </Form>
  );
}
