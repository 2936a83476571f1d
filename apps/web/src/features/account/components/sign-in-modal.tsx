// The sign-in modal of the spec: sign in, sign up (Create Account) and forgot password (Reset Password).
// Each mode is its own form, keyed by mode, so switching modes starts from an empty form with no errors.
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { useUiState, type SignInMode } from "@/lib/ui-state";
import { ForgotPasswordForm } from "./forgot-password-form";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

const COPY: Record<SignInMode, { title: string; description: string }> = {
  signIn: { title: "Sign In", description: "Welcome back. Sign in to manage your bookings and tickets." },
  signUp: { title: "Create Account", description: "Join Meridian for effortless valet and chauffeur service." },
  forgot: { title: "Reset Password", description: "Enter your e-mail and we will send you a secure link to choose a new password." },
};

// Loaded lazily by the root layout the first time it opens, so its form code stays out of the home page bundle.
export default function SignInModal() {
  const { signInMode, openSignIn, closeSignIn } = useUiState();
  const mode = signInMode ?? "signIn";

  return (
    <Dialog open={signInMode !== null} onOpenChange={(open) => (open ? openSignIn(mode) : closeSignIn())}>
      <DialogContent title={COPY[mode].title} description={COPY[mode].description} className="max-w-md">
        <div className="mb-6 h-px w-16 bg-gradient-to-r from-gold to-transparent" aria-hidden />
        {mode === "signIn" ? (
          <SignInForm key="signIn" onMode={openSignIn} onDone={closeSignIn} />
        ) : mode === "signUp" ? (
          <SignUpForm key="signUp" onMode={openSignIn} />
        ) : (
          <ForgotPasswordForm key="forgot" onMode={openSignIn} />
        )}
      </DialogContent>
    </Dialog>
  );
}
