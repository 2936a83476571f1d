// /t/<token>: the guest's digital claim ticket (no sign-in). The ticket code, the car, a QR code of the
// ticket, the live status, Request my car / cancel, and an estimate from recent retrievals at this stand.
import { Car, Clock } from "lucide-react";
import { useEffect, useState } from "react";
import { useParams } from "react-router";
import { GUEST_STATUS_TEXT, VALET_STATUS_LABELS, type ClaimView } from "@meridian/shared/valet-ticket";
import { Button } from "@/components/ui/button";
import { LiveRegion } from "@/components/ui/live-region";
import { FullPageSpinner } from "@/components/ui/spinner";
import { notifyError } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { useCancelRequest } from "./api/cancel-request";
import { useLiveClaim } from "./api/get-claim";
import { useRequestCar } from "./api/request-car";

const STEPS = ["requested", "retrieving", "ready"] as const;

export default function ClaimPage() {
  const { token = "" } = useParams();
  const { data, isPending, isError } = useLiveClaim(token);
  if (isPending) return <FullPageSpinner />;
  if (isError) {
    return (
      <Shell>
        <h1 className="font-display text-4xl">Ticket not found</h1>
        <p className="mt-3 text-muted">This link is not valid any more. Please ask the valet stand for help.</p>
      </Shell>
    );
  }
  return <Ticket token={token} claim={data.claim} />;
}

function Shell({ children }: { children: React.ReactNode }) {
  return <main className="mx-auto min-h-dvh w-full max-w-[480px] px-5 pb-16 pt-[96px]">{children}</main>;
}

/** Minutes left of the estimate, counting down from the request (never below 1 while the car is coming). */
function useMinutesLeft(claim: ClaimView) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  if (!claim.requestedAt) return claim.estimateMinutes;
  const elapsed = (now - Date.parse(claim.requestedAt)) / 60_000;
  return Math.max(1, Math.ceil(claim.estimateMinutes - elapsed));
}

function Ticket({ token, claim }: { token: string; claim: ClaimView }) {
  const request = useRequestCar(token);
  const cancel = useCancelRequest(token);
  const left = useMinutesLeft(claim);
  const ready = claim.status === "ready";
  const canRequest = claim.status === "checked_in" || claim.status === "parked";
  const coming = claim.status === "requested" || claim.status === "retrieving";
  const step = STEPS.indexOf(claim.status as (typeof STEPS)[number]);

  const act = async (fn: () => Promise<unknown>, title: string) => {
    try {
      await fn();
    } catch (err) {
      notifyError(title, err);
    }
  };

  return (
    <Shell>
      <p className="text-[0.68rem] uppercase tracking-[0.3em] text-gold">Meridian Valet · Claim ticket</p>
      <p className="mt-3 font-mono text-3xl tracking-wider text-foreground" data-testid="claim-code">
        {claim.ticketCode}
      </p>

      {/* Said once per status change; the estimate's countdown below changes quietly. */}
      <LiveRegion message={`${GUEST_STATUS_TEXT[claim.status]}${ready ? `. Please come to ${claim.stand}.` : ""}`} data-testid="claim-announcement" />
      <section
        data-testid="claim-status"
        data-status={claim.status}
        className={cn("mt-6 rounded-2xl border p-6", ready ? "border-gold/70 bg-gold/10" : "border-border bg-surface/80")}
      >
        <p className="text-xs uppercase tracking-[0.22em] text-muted">Status</p>
        <p className={cn("mt-2 font-display text-3xl leading-tight", ready ? "text-gold" : "text-foreground")}>{GUEST_STATUS_TEXT[claim.status]}</p>
        {coming ? (
          <p className="mt-3 flex items-center gap-2 text-sm text-foreground/85" data-testid="claim-estimate">
            <Clock className="size-4 text-gold" /> About {left} {left === 1 ? "minute" : "minutes"} · {VALET_STATUS_LABELS[claim.status]}
          </p>
        ) : null}
        {ready ? <p className="mt-3 text-sm text-foreground/85">Please come to {claim.stand}.</p> : null}
        {step >= 0 ? (
          <ol className="mt-5 grid grid-cols-3 gap-2" aria-label="Progress">
            {STEPS.map((s, i) => (
              <li key={s} className="text-center">
                <span className={cn("block h-1.5 rounded-full", i <= step ? "bg-gold" : "bg-border")} />
                <span className={cn("mt-2 block text-[0.7rem] uppercase tracking-[0.14em]", i <= step ? "text-gold" : "text-muted")}>{VALET_STATUS_LABELS[s]}</span>
              </li>
            ))}
          </ol>
        ) : null}
      </section>

      {canRequest ? (
        <>
          <Button className="mt-6 h-16 w-full text-lg" disabled={request.isPending} onClick={() => act(() => request.mutateAsync(), "Request Failed")}>
            <Car className="!size-5" /> Request my car
          </Button>
          <p className="mt-2 text-center text-xs text-muted">Usually ready in about {claim.estimateMinutes} minutes.</p>
        </>
      ) : null}
      {claim.status === "requested" ? (
        <Button variant="ghost" className="mt-4 h-12 w-full" disabled={cancel.isPending} onClick={() => act(() => cancel.mutateAsync(), "Cancel Failed")}>
          Cancel request
        </Button>
      ) : null}

      <section className="mt-8 grid grid-cols-[1fr_auto] items-center gap-5 rounded-2xl border border-border bg-surface/80 p-5">
        <div>
          <p className="text-xs uppercase tracking-[0.22em] text-muted">Your car</p>
          <p className="mt-2 text-lg text-foreground">
            {claim.car.colour} {claim.car.make} {claim.car.model}
          </p>
          <p className="mt-1 font-mono text-sm text-muted">{claim.car.plate}</p>
          <p className="mt-3 text-xs text-muted">{claim.stand}</p>
        </div>
        <div
          className="size-28 overflow-hidden rounded-lg bg-white p-1.5 [&_svg]:size-full"
          role="img"
          aria-label={`QR code of ticket ${claim.ticketCode}`}
          dangerouslySetInnerHTML={{ __html: claim.qrSvg }}
        />
      </section>

      {claim.photos.length ? (
        <section className="mt-6">
          <p className="mb-3 text-xs uppercase tracking-[0.22em] text-muted">Condition at check-in</p>
          <div className="grid grid-cols-3 gap-2">
            {claim.photos.map((p) => (
              <img key={p.id} src={p.url} alt="Your car at check-in" className="aspect-[4/3] w-full rounded-lg border border-border object-cover" loading="lazy" />
            ))}
          </div>
        </section>
      ) : null}
    </Shell>
  );
}
