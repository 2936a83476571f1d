// The Receipts tab: one receipt per booking whose card was charged, itemised (the quote's lines, the coupon, the
// tip, refunds, the card), with its PDF and, after a completed service, Add a Tip. ?tip=<booking id> (the
// receipt e-mail's link) opens the tip dialog for that booking.
import { useFeature } from "@/lib/public-settings";
import { type Receipt as ReceiptData } from "@meridian/shared/receipts";
import { Download, HandCoins, Receipt } from "lucide-react";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "@/components/ui/button";
import { formatCard, formatMoney } from "@meridian/shared/money";
import { formatDate } from "@/lib/utils";
import { useMyReceipts } from "../api/get-my-receipts";
import { ServiceSummary } from "./service-summary";
import { ListSkeleton, TabList } from "./tab-list";
import { TipDialog, tipTargetOf, type TipTarget } from "./tip-dialog";

export function ReceiptsTab() {
  const receipts = useMyReceipts();
  const [params, setParams] = useSearchParams();
  const [tipping, setTipping] = useState<TipTarget | null>(null);
  const wanted = params.get("tip");
  const tipsOn = useFeature("tips");

  // The e-mail's "Add a tip" link: open the dialog once the receipts are here, then drop the parameter.
  useEffect(() => {
    if (!wanted || !receipts.data) return;
    const r = receipts.data.find((x) => x.bookingId === wanted);
    if (r?.canTip && tipsOn) setTipping(tipTargetOf(r));
    const next = new URLSearchParams(params);
    next.delete("tip");
    setParams(next, { replace: true, preventScrollReset: true });
  }, [wanted, receipts.data, params, setParams, tipsOn]);

  return (
    <>
      <TabList query={receipts} noun="receipts" listClassName="space-y-4" loading={<ListSkeleton label="Loading receipts" rows={2} className="h-[220px]" />} empty={{ icon: <Receipt />, title: "No Receipts Available", text: "Receipts for completed services will be listed here." }}>
        {(rows) => rows.map((r) => <ReceiptCard key={r.bookingId} receipt={r} onTip={() => setTipping(tipTargetOf(r))} />)}
      </TabList>
      <TipDialog target={tipping} onClose={() => setTipping(null)} />
    </>
  );
}

function ReceiptCard({ receipt: r, onTip }: { receipt: ReceiptData; onTip: () => void }) {
  const tipsOn = useFeature("tips");
  return (
    <li className="rounded-[var(--radius-card)] border border-border bg-surface p-5 sm:p-6" data-testid="receipt" aria-labelledby={`receipt-${r.bookingId}`}>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <ServiceSummary service={r.service} title={r.serviceName} titleId={`receipt-${r.bookingId}`} status={r.status} line={r.description}>
          <p className="mt-1 text-xs uppercase tracking-[0.12em] text-muted">
            {formatDate(r.serviceDate)} · Ref {r.reference}
            {r.ticketCode ? ` · ${r.ticketCode}` : ""}
          </p>
        </ServiceSummary>
        <div className="text-left sm:text-right">
          <p className="text-[0.68rem] uppercase tracking-[0.18em] text-muted">{r.refundedUsd > 0 ? "Net paid" : "Total charged"}</p>
          <p className="font-display text-3xl text-gold" data-testid="receipt-total">
            {formatMoney(r.refundedUsd > 0 ? r.netUsd : r.totalChargedUsd)}
          </p>
        </div>
      </div>

      <dl className="mt-5 divide-y divide-border/60 rounded-lg border border-border bg-surface-2/60 px-4 text-sm">
        {r.lines.map((l, i) => (
          <Line key={i} label={l.label} amount={l.amountUsd} />
        ))}
        {r.coupon ? <Line label={`Coupon ${r.coupon.code}`} amount={r.coupon.amountUsd} /> : null}
        <Line label="Service total" amount={r.serviceChargedUsd} strong />
        {r.tipUsd > 0 ? <Line label="Tip" amount={r.tipUsd} /> : null}
        <Line label="Total charged" amount={r.totalChargedUsd} strong />
        {r.refunds.map((f, i) => (
          <Line key={`refund-${i}`} label={`Refund · ${f.reason} · ${formatDate(f.createdAt)}`} amount={-f.amountUsd} />
        ))}
        {r.refundedUsd > 0 ? <Line label="Net paid" amount={r.netUsd} strong /> : null}
      </dl>

      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-xs text-muted">
          {r.card ? `${formatCard(r.card)} · ` : ""}Charged {formatDate(r.chargedAt)}
        </p>
        <div className="flex flex-wrap gap-2">
          {r.canTip && tipsOn ? (
            <Button size="sm" onClick={onTip}>
              <HandCoins aria-hidden /> Add a Tip
            </Button>
          ) : null}
          <Button asChild variant="outline" size="sm">
            <a href={r.pdfUrl} download aria-label={`Download receipt ${r.reference} (PDF)`}>
              <Download aria-hidden /> Download PDF
            </a>
          </Button>
        </div>
      </div>
    </li>
  );
}

function Line({ label, amount, strong }: { label: string; amount: number; strong?: boolean }) {
  return (
    <div className={strong ? "flex justify-between gap-4 py-2.5 font-medium text-foreground" : "flex justify-between gap-4 py-2.5 text-muted"}>
      <dt className="min-w-0">{label}</dt>
      <dd className={strong ? "tabular-nums text-gold" : "tabular-nums text-foreground"}>{formatMoney(amount)}</dd>
    </div>
  );
}
