// Newsletter sign-up: idle -> subscribing (button disabled) -> cleared on success. The browser checks the field
// first (required, an e-mail); the shared schema (loaded on submit: zod stays out of the home page's first bundle)
// and the server then may refuse the address, and their message shows under the field beside the failure toast.
import { ArrowRight, LoaderCircle } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { ApiError } from "@/lib/api";
import { notifyError, notifySuccess } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { useSubscribeToNewsletter } from "../api/subscribe";

export const SUBSCRIBED_TITLE = "Successfully Subscribed!";
export const SUBSCRIBED_TEXT = "Thank you for joining our newsletter. Stay tuned for exclusive offers!";
export const SUBSCRIBE_FAILED_TITLE = "Subscription Failed";
export const SUBSCRIBE_FAILED_TEXT = "This email might already be subscribed, or an error occurred.";

export function NewsletterSignup({ className }: { className?: string }) {
  const [error, setError] = useState<string | null>(null);
  const subscribe = useSubscribeToNewsletter();
  const inputId = useId();
  const subscribing = subscribe.isPending;

  // The field keeps its own value (not React state): on the home page drawn by the server, what was typed before the
  // app took the page over stays, and a submit held meanwhile sends it (public/boot.js).
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (subscribing) return;
    const form = e.currentTarget;
    subscribe.mutate(
      { email: String(new FormData(form).get("email") ?? "") },
      {
        onSuccess: () => {
          form.reset();
          notifySuccess(SUBSCRIBED_TITLE, SUBSCRIBED_TEXT);
        },
        // The spec shows one sentence for every failure (duplicate, invalid, or the server being down).
        onError: (err) => {
          setError(emailMessageOf(err));
          notifyError(SUBSCRIBE_FAILED_TITLE, SUBSCRIBE_FAILED_TEXT);
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className={cn("w-full", className)} aria-label="Newsletter sign-up">
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <div className="flex flex-col gap-3 sm:flex-row sm:gap-0 sm:rounded-full sm:border sm:border-gold/30 sm:bg-surface/80 sm:p-1.5 sm:focus-within:border-gold/70">
        <input
          id={inputId}
          type="email"
          name="email"
          required
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          placeholder="Your email address"
          onChange={() => setError(null)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
          className="h-12 w-full min-w-0 rounded-full sm:flex-1 border border-gold/30 bg-surface/80 px-5 text-[0.95rem] text-foreground placeholder:text-muted/70 focus:border-gold/70 sm:border-0 sm:bg-transparent"
        />
        <Button type="submit" size="lg" disabled={subscribing} className="h-12 rounded-full px-7 uppercase tracking-[0.14em] text-[0.8rem]">
          {subscribing ? (
            <>
              <LoaderCircle className="animate-spin" aria-hidden="true" /> Subscribing…
            </>
          ) : (
            <>
              Subscribe <ArrowRight aria-hidden="true" />
            </>
          )}
        </Button>
      </div>
      {error ? (
        <p id={`${inputId}-error`} role="alert" className="mt-2 px-5 text-left text-xs text-danger">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** What the shared schema (a zod error, told apart without loading zod) or the server said about the address. */
function emailMessageOf(err: unknown): string | null {
  if (err instanceof ApiError) return err.fields?.email ?? null;
  const issues = (err as { issues?: { path?: unknown[]; message?: string }[] } | null)?.issues;
  return issues?.find((i) => i.path?.[0] === "email")?.message ?? null;
}
