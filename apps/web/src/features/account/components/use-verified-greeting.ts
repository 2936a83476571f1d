// The verification e-mail links back to "/?verified=1" (or "/?verified=1&error=INVALID_TOKEN" when the link
// is stale). Greet the guest, open the sign-in modal, and tidy the address bar.
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router";
import { useUiState } from "@/lib/ui-state";
import { notifyError, notifySuccess } from "@/lib/notify";

export function useVerifiedGreeting() {
  const [params, setParams] = useSearchParams();
  const { openSignIn } = useUiState();
  const handled = useRef(false);
  const verified = params.get("verified") === "1";

  useEffect(() => {
    if (!verified) {
      handled.current = false;
      return;
    }
    if (handled.current) return;
    handled.current = true;
    if (params.get("error")) {
      notifyError("Verification Failed", "This verification link is invalid or has expired. Sign in to receive a new one.");
    } else {
      notifySuccess("Email Verified", "Your e-mail is confirmed. You can now sign in.");
    }
    openSignIn("signIn");
    const next = new URLSearchParams(params);
    next.delete("verified");
    next.delete("error");
    setParams(next, { replace: true, preventScrollReset: true });
  }, [verified, params, setParams, openSignIn]);
}
