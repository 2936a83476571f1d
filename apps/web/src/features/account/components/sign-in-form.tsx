import { zodResolver } from "@hookform/resolvers/zod";
import { homePathFor, isStaffRole, signInSchema, type SignInInput } from "@meridian/shared/auth";
import { MailCheck } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { useUiState, type SignInMode } from "@/lib/ui-state";
import { PasswordField, TextField } from "@/components/form/fields";
import { Form, SubmitButton, submitTo } from "@/components/form/form";
import { ApiError } from "@/lib/api";
import { notifyError, notifySuccess } from "@/lib/notify";
import { useAuth } from "@/lib/auth/auth-context";
import { useSendVerificationEmail } from "../api/send-verification-email";
import { useSignIn } from "../api/sign-in";
import { ModeLink } from "./mode-link";

export function SignInForm({ onMode, onDone }: { onMode: (mode: SignInMode) => void; onDone: () => void }) {
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const { signInThen } = useUiState();
  const signIn = useSignIn();
  const resend = useSendVerificationEmail();
  const [unverifiedEmail, setUnverifiedEmail] = useState<string | null>(null);
  const form = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: "", password: "" } });

  const onSubmit = submitTo(
    form,
    (values) => {
      setUnverifiedEmail(null);
      return signIn.mutateAsync(values);
    },
    {
      failed: "Sign in Failed",
      onError: (err, values) => {
        if (err instanceof ApiError && err.code === "email_not_verified") setUnverifiedEmail(values.email);
      },
      done: ["Welcome back!", "You have successfully signed in."],
      then: async () => {
        const me = await refresh();
        const next = signInThen; // before onDone() closes the modal and forgets it
        onDone();
        // Sent here from a guarded page (an e-mail's link): on to it. Otherwise attendants, chauffeurs and dispatchers
        // land on their own screens.
        if (next) void navigate(next, { replace: true });
        else if (me && isStaffRole(me.role)) void navigate(homePathFor(me.role));
      },
    },
  );

  const resendLink = async () => {
    if (!unverifiedEmail) return;
    try {
      await resend.mutateAsync(unverifiedEmail);
      notifySuccess("Verification Email Sent", "Please check your inbox for the new link.");
    } catch (err) {
      notifyError("Error", err);
    }
  };

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-5">
      <TextField<SignInInput> name="email" label="Email" id="signin-email" type="email" autoComplete="email" placeholder="you@example.com" />
      <PasswordField<SignInInput> name="password" label="Password" id="signin-password" autoComplete="current-password" placeholder="••••••••" />
      <div className="-mt-2 flex justify-end text-sm">
        <ModeLink onClick={() => onMode("forgot")}>Forgot password?</ModeLink>
      </div>

      {unverifiedEmail ? (
        <div className="flex gap-3 rounded-md border border-gold/30 bg-gold/5 p-4 text-sm">
          <MailCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-gold" />
          <div>
            <p className="text-foreground">Please confirm your e-mail address first.</p>
            <p className="mt-1 text-muted">
              Lost the link?{" "}
              <button
                type="button"
                onClick={resendLink}
                disabled={resend.isPending}
                className="cursor-pointer font-medium text-gold underline decoration-gold/50 underline-offset-4 hover:decoration-gold disabled:opacity-50"
              >
                Resend verification e-mail
              </button>
            </p>
          </div>
        </div>
      ) : null}

      <SubmitButton pending={signIn.isPending}>Sign In</SubmitButton>

      <p className="text-center text-sm text-muted">
        New to Meridian? <ModeLink onClick={() => onMode("signUp")}>Create an account</ModeLink>
      </p>
    </Form>
  );
}
