// /reset-password: the page the reset e-mail links to (?token=..., or ?error=INVALID_TOKEN from the server
// when the link is stale). Sets the new password; every other session of the account is signed out.
import { zodResolver } from "@hookform/resolvers/zod";
import { resetPasswordSchema, type ResetPasswordInput } from "@meridian/shared/auth";
import { KeyRound, ShieldAlert } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useNavigate, useSearchParams } from "react-router";
import { useUiState } from "@/lib/ui-state";
import { Button } from "@/components/ui/button";
import { PasswordField } from "@/components/form/fields";
import { Form, SubmitButton, submitTo } from "@/components/form/form";
import { ApiError } from "@/lib/api";
import { useAuth } from "@/lib/auth/auth-context";
import { useResetPassword } from "./api/reset-password";

export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token");
  // ?welcome=1: a new staff member's first password (the link of the welcome e-mail), not a reset.
  const welcome = params.get("welcome") === "1";
  const [invalid, setInvalid] = useState(Boolean(params.get("error")) || !token);

  return (
    <main className="relative flex min-h-[100svh] items-center justify-center overflow-hidden px-4 pb-16 pt-28">
      <div
        aria-hidden
        className="pointer-events-none absolute left-1/2 top-1/3 size-[36rem] -translate-x-1/2 -translate-y-1/2 rounded-full bg-gold/5 blur-3xl"
      />
      <section className="relative w-full max-w-md rounded-[var(--radius-card)] border border-border bg-surface p-6 shadow-2xl sm:p-10">
        {invalid || !token ? <InvalidLink /> : <ResetForm token={token} welcome={welcome} onInvalid={() => setInvalid(true)} />}
      </section>
    </main>
  );
}

function ResetForm({ token, welcome, onInvalid }: { token: string; welcome: boolean; onInvalid: () => void }) {
  const navigate = useNavigate();
  const { openSignIn } = useUiState();
  const { refresh } = useAuth();
  const reset = useResetPassword();
  const form = useForm<ResetPasswordInput>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { password: "", confirmPassword: "" } });

  const onSubmit = submitTo(form, (values) => reset.mutateAsync({ newPassword: values.password, token }), {
    failed: "Error",
    // The server names the field after better-auth's body (newPassword); the form calls it password.
    rename: { newPassword: "password" },
    onError: (err) => {
      if (err instanceof ApiError && err.code === "invalid_token") onInvalid();
    },
    done: [welcome ? "Password Set" : "Password Updated", "You can now sign in with your new password."],
    then: async () => {
      // Any session this browser had was revoked with the reset.
      await refresh();
      navigate("/", { replace: true });
      openSignIn("signIn");
    },
  });

  return (
    <>
      {welcome ? (
        <Heading icon={<KeyRound aria-hidden className="size-5 text-gold" />} title="Set Your Password">
          Welcome to Meridian. Choose a password of at least 8 characters; you will sign in with it and your e-mail.
        </Heading>
      ) : (
        <Heading icon={<KeyRound aria-hidden className="size-5 text-gold" />} title="Choose a New Password">
          Pick something memorable and at least 8 characters long. Every device signed in to your account will be signed out.
        </Heading>
      )}
      <Form form={form} onSubmit={onSubmit} className="mt-8 space-y-5">
        <PasswordField<ResetPasswordInput> name="password" label="New Password" id="reset-password" autoComplete="new-password" placeholder="At least 8 characters" />
        <PasswordField<ResetPasswordInput> name="confirmPassword" label="Confirm Password" id="reset-confirm" autoComplete="new-password" placeholder="Repeat the new password" />
        <SubmitButton pending={reset.isPending}>{welcome ? "Set Password" : "Update Password"}</SubmitButton>
      </Form>
    </>
  );
}

function InvalidLink() {
  const navigate = useNavigate();
  const { openSignIn } = useUiState();
  return (
    <>
      <Heading icon={<ShieldAlert aria-hidden className="size-5 text-danger" />} title="This Link Is No Longer Valid">
        Password reset links work once and stay valid for one hour. This one is invalid or has already been used.
        Request a new link and we will e-mail it to you right away.
      </Heading>
      <Button
        size="lg"
        className="mt-8 w-full"
        onClick={() => {
          navigate("/", { replace: true });
          openSignIn("forgot");
        }}
      >
        Request a New Link
      </Button>
    </>
  );
}

function Heading({ icon, title, children }: { icon: React.ReactNode; title: string; children: React.ReactNode }) {
  return (
    <div>
      <div className="grid size-11 place-items-center rounded-full border border-gold/30 bg-gold/10">{icon}</div>
      <p className="mt-6 text-xs font-medium uppercase tracking-[0.24em] text-gold">Account security</p>
      <h1 className="mt-2 font-display text-4xl font-medium leading-tight text-foreground">{title}</h1>
      <p className="mt-3 text-sm leading-relaxed text-muted">{children}</p>
    </div>
  );
}
