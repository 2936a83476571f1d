import { zodResolver } from "@hookform/resolvers/zod";
import { updateProfileSchema, type UpdateProfileInput } from "@meridian/shared/profile";
import type { z } from "zod";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Card } from "@/components/ui/card";
import { PhoneField, TextField } from "@/components/form/fields";
import { Form, SubmitButton, submitTo } from "@/components/form/form";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/label";
import { formatDate } from "@/lib/utils";
import { useUpdateProfile } from "@/features/account/api/update-profile";
import { useAuth } from "@/lib/auth/auth-context";

type ProfileOutput = z.output<typeof updateProfileSchema>;

export function ProfileTab() {
  const { user, profile } = useAuth();
  if (!user) return null;
  const initial = {
    fullName: profile?.fullName ?? user.name,
    email: profile?.email ?? user.email,
    phone: profile?.phone ?? "",
  };
  return <ProfileForm initial={initial} memberSince={profile?.createdAt} />;
}

function ProfileForm({
  initial,
  memberSince,
}: {
  initial: { fullName: string; email: string; phone: string };
  memberSince?: string;
}) {
  const update = useUpdateProfile();
  const form = useForm<UpdateProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(updateProfileSchema),
    defaultValues: { fullName: initial.fullName, phone: initial.phone },
  });
  const { reset } = form;

  // The saved profile can arrive after the form is shown (it starts from the session's name): take its values
  // into the fields the customer has not touched yet, never over what they typed.
  useEffect(() => {
    reset({ fullName: initial.fullName, phone: initial.phone }, { keepDirtyValues: true });
  }, [initial.fullName, initial.phone, reset]);

  const onSubmit = submitTo(form, update.mutateAsync, {
    failed: "Update Failed",
    done: ["Profile Updated", "Your information has been saved successfully."],
    then: (saved) => reset({ fullName: saved.fullName, phone: saved.phone ?? "" }),
  });

  return (
    <Card className="sm:p-8">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h2 className="font-display text-3xl text-foreground">Personal Details</h2>
          <p className="mt-1 text-sm text-muted">How our chauffeurs and valets will greet and reach you.</p>
        </div>
        {memberSince ? <p className="text-xs uppercase tracking-[0.16em] text-muted">Member since {formatDate(memberSince)}</p> : null}
      </div>
      <div className="my-6 h-px bg-gradient-to-r from-gold/50 via-border to-transparent" aria-hidden />
      <Form form={form} onSubmit={onSubmit} className="grid gap-5 sm:grid-cols-2">
        <TextField<UpdateProfileInput> name="fullName" label="Full Name" id="profile-name" autoComplete="name" />
        <PhoneField<UpdateProfileInput> name="phone" label="Phone" id="profile-phone" />
        <div className="sm:col-span-2">
          <Field label="Email" htmlFor="profile-email">
            <Input id="profile-email" type="email" value={initial.email} readOnly aria-readonly className="cursor-default text-muted focus:border-border focus:ring-0" />
          </Field>
          <p className="mt-1.5 text-xs text-muted">Your sign-in e-mail. Contact concierge to change it.</p>
        </div>
        <div className="sm:col-span-2 sm:flex sm:justify-end">
          <div className="sm:w-48">
            <SubmitButton pending={update.isPending}>Save Changes</SubmitButton>
          </div>
        </div>
      </Form>
    </Card>
  );
}
