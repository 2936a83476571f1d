import { zodResolver } from "@hookform/resolvers/zod";
import { signUpSchema, type SignUpInput } from "@meridian/shared/auth";
import { useForm } from "react-hook-form";
import type { SignInMode } from "@/lib/ui-state";
import { PasswordField, TextField } from "@/components/form/fields";
import { Form, SubmitButton, submitTo } from "@/components/form/form";
import { useSignUp } from "../api/sign-up";
import { CheckInbox } from "./check-inbox";
import { ModeLink } from "./mode-link";

export function SignUpForm({ onMode }: { onMode: (mode: SignInMode) => void }) {
  const signUp = useSignUp();
  const form = useForm<SignUpInput>({ resolver: zodResolver(signUpSchema), defaultValues: { fullName: "", email: "", password: "" } });
  const onSubmit = submitTo(form, signUp.mutateAsync, { failed: "Sign up Failed", done: ["Account Created!", "Please check your email to verify your account."] });

  if (signUp.isSuccess) {
    return (
      <CheckInbox email={signUp.variables.email} onBack={() => onMode("signIn")}>
        We sent a verification link to <strong className="font-medium text-foreground">{signUp.variables.email}</strong>.
        Open it to activate your account, then sign in.
      </CheckInbox>
    );
  }

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-5">
      <TextField<SignUpInput> name="fullName" label="Full Name" id="signup-name" autoComplete="name" placeholder="Alexandra Reyes" />
      <TextField<SignUpInput> name="email" label="Email" id="signup-email" type="email" autoComplete="email" placeholder="you@example.com" />
      <PasswordField<SignUpInput> name="password" label="Password" id="signup-password" autoComplete="new-password" placeholder="At least 8 characters" />

      <SubmitButton pending={signUp.isPending}>Create Account</SubmitButton>

      <p className="text-center text-sm text-muted">
        Already a member? <ModeLink onClick={() => onMode("signIn")}>Sign in</ModeLink>
      </p>
    </Form>
  );
}
