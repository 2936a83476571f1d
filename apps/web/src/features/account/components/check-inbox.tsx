// The calm confirmation shown in the modal after an e-mail went out (verification or password reset).
import { useQuery } from "@tanstack/react-query";
import { MailCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { api } from "@/lib/api";
import { outboxEmailsResponseSchema } from "@meridian/shared/dev/answers";
import { devKeys } from "@/lib/query-keys";

export function CheckInbox({ email, onBack, children }: { email: string; onBack: () => void; children: ReactNode }) {
  // Without SMTP the e-mail sits in the embedded outbox; point at it when that dev mailbox is available.
  const mailbox = useQuery({
    queryKey: devKeys.mailbox(email),
    queryFn: () => api(`/api/dev/mailbox?limit=1&to=${encodeURIComponent(email)}`, outboxEmailsResponseSchema),
    retry: false,
    staleTime: Infinity,
  });
  return (
    <div className="text-center">
      <div className="mx-auto grid size-14 place-items-center rounded-full border border-gold/40 bg-gold/10">
        <MailCheck aria-hidden className="size-6 text-gold" />
      </div>
      <p className="mt-5 font-display text-2xl text-foreground">Check your inbox</p>
      <p className="mt-2 text-sm leading-relaxed text-muted">{children}</p>
      {mailbox.isSuccess ? (
        <p className="mt-4 text-xs text-muted">
          Running Meridian locally?{" "}
          <a href="/dev/mailbox" target="_blank" rel="noreferrer" className="text-gold underline decoration-gold/50 underline-offset-4 hover:decoration-gold">
            Open the dev mailbox
          </a>
        </p>
      ) : null}
      <Button variant="outline" className="mt-7 w-full" onClick={onBack}>
        Back to sign in
      </Button>
    </div>
  );
}
