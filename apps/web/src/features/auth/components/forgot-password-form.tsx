import { zodResolver } from "@hookform/resolvers/zod";
import { forgotPasswordSchema, type ForgotPasswordInput } from "@meridian/shared/auth";
import { useForm } from "react-hook-form";
import type { SignInMode } from "@/app/ui-state";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/label";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { CheckInbox } from "./check-inbox";
import { applyServerFieldErrors, ModeLink, SubmitButton } from "./form-helpers";

export function ForgotPasswordForm({ onMode }: { onMode: (mode: SignInMode) => void }) {
  const request = useRequestPasswordReset();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values);
    } catch (err) {
      applyServerFieldErrors(err, setError, ["email"]);
      notifyError("Error", err);
      return;
    }
    notifySuccess("Password Reset Email Sent", "Please check your inbox for instructions.");
  });

  if (request.isSuccess) {
    return (
      <CheckInbox email={request.variables.email} onBack={() => onMode("signIn")}>
        If an account exists for <strong className="font-medium text-foreground">{request.variables.email}</strong>, a
        link to choose a new password is on its way. It stays valid for one hour.
      </CheckInbox>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <Field label="Email" htmlFor="forgot-email" error={errors.email?.message}>
        <Input
          id="forgot-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...register("email")}
        />
      </Field>

      <SubmitButton pending={request.isPending}>Send Reset Link</SubmitButton>

      <p className="text-center text-sm text-muted">
        Remembered it? <ModeLink onClick={() => onMode("signIn")}>Back to sign in</ModeLink>
      </p>
    </form>
  );
}
