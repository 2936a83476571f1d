// Edit User and New User dialogs. The schemas (and their messages) are the server's.
import { zodResolver } from "@hookform/resolvers/zod";
import { adminCreateUserSchema, adminUserFormSchema, type AdminCreateUserInput, type AdminUser, type AdminUserForm } from "@meridian/shared/admin";
import { ROLE_LABELS, roles } from "@meridian/shared/auth";
import { Controller, useForm } from "react-hook-form";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { ApiError } from "@/lib/api";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useCreateUser } from "./api/create-user";
import { useUpdateUser } from "./api/update-user";
import { FormActions } from "@/components/admin/admin-ui";

const roleOptions = roles.map((value) => ({ value, label: ROLE_LABELS[value] }));

export function EditUserDialog({ user, isSelf, onClose }: { user: AdminUser | null; isSelf: boolean; onClose: () => void }) {
  return (
    <Dialog open={Boolean(user)} onOpenChange={(open) => !open && onClose()}>
      {user ? (
        <DialogContent title="Edit User" description={user.email}>
          <EditUserForm key={user.id} user={user} isSelf={isSelf} onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function EditUserForm({ user, isSelf, onDone }: { user: AdminUser; isSelf: boolean; onDone: () => void }) {
  const mutation = useUpdateUser();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<AdminUserForm>({
    resolver: zodResolver(adminUserFormSchema),
    defaultValues: { fullName: user.fullName, phone: user.phone ?? "", role: user.role, status: user.status },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync({ id: user.id, input: values });
      notifySuccess("User Updated", `${values.fullName}'s details have been saved.`);
      onDone();
    } catch (err) {
      notifyError("Update Failed", err);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <Field label="Full name" htmlFor="edit-fullName" error={errors.fullName?.message}>
        <Input id="edit-fullName" autoComplete="off" aria-invalid={Boolean(errors.fullName)} {...register("fullName")} />
      </Field>
      <Field label="Phone" htmlFor="edit-phone" error={errors.phone?.message}>
        <Input id="edit-phone" type="tel" autoComplete="off" aria-invalid={Boolean(errors.phone)} {...register("phone")} />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Role" htmlFor="edit-role" error={errors.role?.message}>
          <Controller
            control={control}
            name="role"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={isSelf}>
                <SelectTrigger id="edit-role" aria-label="Role">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  {roleOptions.map((r) => (
                    <SelectItem key={r.value} value={r.value}>
                      {r.label}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
            )}
          />
        </Field>
        <Field label="Status" htmlFor="edit-status" error={errors.status?.message}>
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <Select value={field.value} onValueChange={field.onChange} disabled={isSelf}>
                <SelectTrigger id="edit-status" aria-label="Status">
                  <SelectValue />
                </SelectTrigger>
                <SelectContent>
                  <SelectItem value="active">Active</SelectItem>
                  <SelectItem value="inactive">Inactive</SelectItem>
                </SelectContent>
              </Select>
            )}
          />
        </Field>
      </div>
      {isSelf ? <p className="text-xs text-muted">You cannot change your own role or deactivate your own account. Ask another admin to do it.</p> : null}
      <p className="text-xs text-muted">Deactivating an account signs that person out everywhere at once.</p>
      <FormActions onCancel={onDone} pending={mutation.isPending} label="Save Changes" pendingLabel="Saving…" />
    </form>
  );
}

export function NewUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent title="New User" description="We create the account and e-mail a link to choose a password.">
          <NewUserForm onDone={() => onOpenChange(false)} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

function NewUserForm({ onDone }: { onDone: () => void }) {
  const mutation = useCreateUser();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<AdminCreateUserInput>({ resolver: zodResolver(adminCreateUserSchema), defaultValues: { fullName: "", email: "", role: "user" } });
  const onSubmit = handleSubmit(async (values) => {
    try {
      const { user } = await mutation.mutateAsync(values);
      notifySuccess("User Created", `A set-password e-mail was sent to ${user.email}.`);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.code === "email_taken") setError("email", { message: err.message });
      else if (err instanceof ApiError && err.fields) {
        for (const [k, m] of Object.entries(err.fields)) if (k === "fullName" || k === "email" || k === "role") setError(k, { message: m });
      }
      notifyError("Error creating user", err);
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <Field label="Full name" htmlFor="new-fullName" error={errors.fullName?.message}>
        <Input id="new-fullName" autoComplete="off" aria-invalid={Boolean(errors.fullName)} {...register("fullName")} />
      </Field>
      <Field label="Email" htmlFor="new-email" error={errors.email?.message}>
        <Input id="new-email" type="email" autoComplete="off" aria-invalid={Boolean(errors.email)} {...register("email")} />
      </Field>
      <Field label="Role" htmlFor="new-role" error={errors.role?.message}>
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange}>
              <SelectTrigger id="new-role" aria-label="Role">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {roleOptions.map((r) => (
                  <SelectItem key={r.value} value={r.value}>
                    {r.label}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
      </Field>
      <FormActions onCancel={onDone} pending={mutation.isPending} label="Create User" pendingLabel="Creating…" />
    </form>
  );
}
