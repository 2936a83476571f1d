import { zodResolver } from "@hookform/resolvers/zod";
import { signUpSchema, type SignUpInput } from "@meridian/shared/auth";
import { useForm } from "react-hook-form";
import type { SignInMode } from "@/app/ui-state";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/label";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useSignUp } from "../api/sign-up";
import { CheckInbox } from "./check-inbox";
import { PasswordInput } from "./password-input";
import { applyServerFieldErrors, ModeLink, SubmitButton } from "./form-helpers";

export function SignUpForm({ onMode }: { onMode: (mode: SignInMode) => void }) {
  const signUp = useSignUp();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SignUpInput>({ resolver: zodResolver(signUpSchema), defaultValues: { fullName: "", email: "", password: "" } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync(values);
    } catch (err) {
      applyServerFieldErrors(err, setError, ["fullName", "email", "password"]);
      notifyError("Sign up Failed", err);
      return;
    }
    notifySuccess("Account Created!", "Please check your email to verify your account.");
  });

  if (signUp.isSuccess) {
    return (
      <CheckInbox email={signUp.variables.email} onBack={() => onMode("signIn")}>
        We sent a verification link to <strong className="font-medium text-foreground">{signUp.variables.email}</strong>.
        Open it to activate your account, then sign in.
      </CheckInbox>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <Field label="Full Name" htmlFor="signup-name" error={errors.fullName?.message}>
        <Input
          id="signup-name"
          autoComplete="name"
          placeholder="Alexandra Reyes"
          {...register("fullName")}
        />
      </Field>
      <Field label="Email" htmlFor="signup-email" error={errors.email?.message}>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          {...register("email")}
        />
      </Field>
      <Field label="Password" htmlFor="signup-password" error={errors.password?.message}>
        <PasswordInput
          id="signup-password"
          autoComplete="new-password"
          placeholder="At least 8 characters"
          {...register("password")}
        />
      </Field>

      <SubmitButton pending={signUp.isPending}>Create Account</SubmitButton>

      <p className="text-center text-sm text-muted">
        Already a member? <ModeLink onClick={() => onMode("signIn")}>Sign in</ModeLink>
      </p>
    </form>
  );
}
