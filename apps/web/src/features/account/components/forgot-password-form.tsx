import { zodResolver } from "@hookform/resolvers/zod";
import { forgotPasswordSchema, type ForgotPasswordInput } from "@meridian/shared/auth";
import { useForm } from "react-hook-form";
import type { SignInMode } from "@/lib/ui-state";
import { TextField } from "@/components/form/fields";
import { Form, SubmitButton, submitTo } from "@/components/form/form";
import { useRequestPasswordReset } from "../api/request-password-reset";
import { CheckInbox } from "./check-inbox";
import { ModeLink } from "./mode-link";

export function ForgotPasswordForm({ onMode }: { onMode: (mode: SignInMode) => void }) {
  const request = useRequestPasswordReset();
  const form = useForm<ForgotPasswordInput>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: "" } });
  const onSubmit = submitTo(form, request.mutateAsync, { failed: "Error", done: ["Password Reset Email Sent", "Please check your inbox for instructions."] });

  if (request.isSuccess) {
    return (
      <CheckInbox email={request.variables.email} onBack={() => onMode("signIn")}>
        If an account exists for <strong className="font-medium text-foreground">{request.variables.email}</strong>, a
        link to choose a new password is on its way. It stays valid for one hour.
      </CheckInbox>
    );
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-5">
      <TextField<ForgotPasswordInput> name="email" label="Email" id="forgot-email" type="email" autoComplete="email" placeholder="you@example.com" />

      <SubmitButton pending={request.isPending}>Send Reset Link</SubmitButton>

      <p className="text-center text-sm text-muted">
        Remembered it? <ModeLink onClick={() => onMode("signIn")}>Back to sign in</ModeLink>
      </p>
    </Form>
  );
}
