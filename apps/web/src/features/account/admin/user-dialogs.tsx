// Edit User and New User dialogs. The schemas (and their messages) are the server's.
import { zodResolver } from "@hookform/resolvers/zod";
import { adminCreateUserSchema, adminUserFormSchema, type AdminCreateUserInput, type AdminUser } from "@meridian/shared/admin";
import { ROLE_LABELS, roles } from "@meridian/shared/auth";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { PhoneField, SelectField, TextField } from "@/components/form/fields";
import { FormDialog } from "@/components/form/form-dialog";
import { Form, FormActions, submitTo } from "@/components/form/form";
import { ApiError } from "@/lib/api";
import { useCreateUser } from "./api/create-user";
import { useUpdateUser } from "./api/update-user";

const roleOptions = roles.map((value) => ({ value, label: ROLE_LABELS[value] }));
const statusOptions = [
  { value: "active", label: "Active" },
  { value: "inactive", label: "Inactive" },
] as const;

type UserFormInput = z.input<typeof adminUserFormSchema>;
type UserFormOutput = z.output<typeof adminUserFormSchema>;

export function EditUserDialog({ user, isSelf, onClose }: { user: AdminUser | null; isSelf: boolean; onClose: () => void }) {
  return (
    <FormDialog open={Boolean(user)} onOpenChange={(open) => !open && onClose()} title="Edit User" description={user?.email}>
      {user ? <EditUserForm key={user.id} user={user} isSelf={isSelf} onDone={onClose} /> : null}
    </FormDialog>
  );
}

function EditUserForm({ user, isSelf, onDone }: { user: AdminUser; isSelf: boolean; onDone: () => void }) {
  const mutation = useUpdateUser();
  const form = useForm<UserFormInput, unknown, UserFormOutput>({
    resolver: zodResolver(adminUserFormSchema),
    defaultValues: { fullName: user.fullName, phone: user.phone ?? "", role: user.role, status: user.status },
  });
  const onSubmit = submitTo(form, (values) => mutation.mutateAsync({ id: user.id, input: values }), {
    failed: "Update Failed",
    done: (values) => ["User Updated", `${values.fullName}'s details have been saved.`],
    then: onDone,
  });
  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-5">
      <TextField<UserFormInput> name="fullName" label="Full name" id="edit-fullName" autoComplete="off" />
      <PhoneField<UserFormInput> name="phone" label="Phone" id="edit-phone" autoComplete="off" placeholder={undefined} />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField<UserFormInput> name="role" label="Role" id="edit-role" options={roleOptions} disabled={isSelf} />
        <SelectField<UserFormInput> name="status" label="Status" id="edit-status" options={statusOptions} disabled={isSelf} />
      </div>
      {isSelf ? <p className="text-xs text-muted">You cannot change your own role or deactivate your own account. Ask another admin to do it.</p> : null}
      <p className="text-xs text-muted">Deactivating an account signs that person out everywhere at once.</p>
      <FormActions onCancel={onDone} pending={mutation.isPending} label="Save Changes" pendingLabel="Saving…" />
    </Form>
  );
}

export function NewUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog open={open} onOpenChange={onOpenChange} title="New User" description="We create the account and e-mail a link to choose a password.">
      <NewUserForm onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function NewUserForm({ onDone }: { onDone: () => void }) {
  const mutation = useCreateUser();
  const form = useForm<AdminCreateUserInput>({ resolver: zodResolver(adminCreateUserSchema), defaultValues: { fullName: "", email: "", role: "user" } });
  const onSubmit = submitTo(form, mutation.mutateAsync, {
    failed: "Error creating user",
    onError: (err) => {
      if (err instanceof ApiError && err.code === "email_taken") form.setError("email", { type: "server", message: err.message });
    },
    done: (_values, { user }) => ["User Created", `A set-password e-mail was sent to ${user.email}.`],
    then: onDone,
  });
  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-5">
      <TextField<AdminCreateUserInput> name="fullName" label="Full name" id="new-fullName" autoComplete="off" />
      <TextField<AdminCreateUserInput> name="email" label="Email" id="new-email" type="email" autoComplete="off" />
      <SelectField<AdminCreateUserInput> name="role" label="Role" id="new-role" options={roleOptions} />
      <FormActions onCancel={onDone} pending={mutation.isPending} label="Create User" pendingLabel="Creating…" />
    </Form>
  );
}
