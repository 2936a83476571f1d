// The admin booking detail's Payment section: the charge (authorised, captured, refunded, the card), tips and
// refunds, and the Refund action (amount and reason; one Idempotency-Key per form, so a double submit refunds once).
import { paymentStatusLabel, type PaymentStatusTone } from "@meridian/shared/payment-status";
import { zodResolver } from "@hookform/resolvers/zod";
import { refundInputSchema, type AdminPayment, type RefundInput } from "@meridian/shared/refunds";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { NumberField, TextField } from "@/components/form/fields";
import { applyServerFieldErrors, Form } from "@/components/form/form";
import { Button } from "@/components/ui/button";
import { LoadingBlock } from "@/components/ui/spinner";
import { randomUuid } from "@/lib/random-uuid";
import { ApiError } from "@/lib/api";
import { notifyError, notifySuccess } from "@/lib/notify";
import { formatCard, formatMoney } from "@meridian/shared/money";
import { useBookingPayment } from "./api/get-booking-payment";
import { useRefundBooking } from "./api/refund-booking";
import { DetailRow, formatDateTime } from "@/components/admin/admin-ui";

const tones: Record<PaymentStatusTone, string> = {
  paid: "border-success/40 bg-success/10 text-success",
  held: "border-gold/40 bg-gold/10 text-gold",
  needed: "border-danger/40 bg-danger/10 text-danger",
  neutral: "border-border bg-surface-2 text-foreground",
};

/** The charge's one status (the same words the customer reads), never "Released" beside an authorised amount. */
function StateBadge({ charge, bookingStatus }: { charge: AdminPayment; bookingStatus?: string }) {
  const cents = (usd: number) => Math.round(usd * 100);
  const { label, tone } = paymentStatusLabel(
    { status: charge.status, amountCents: cents(charge.authorizedUsd), capturedCents: cents(charge.capturedUsd), refundedCents: cents(charge.refundedUsd) },
    { status: bookingStatus ?? "" },
  );
  return <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-medium ${tones[tone]}`}>{label}</span>;
}

export function BookingPaymentSection({ bookingId, bookingStatus }: { bookingId: string; bookingStatus?: string }) {
  const payment = useBookingPayment(bookingId);
  const [refunding, setRefunding] = useState(false);
  const p = payment.data;
  return (
    <section aria-labelledby="payment-heading">
      <h3 id="payment-heading" className="mb-2 text-[0.68rem] font-medium uppercase tracking-[0.22em] text-gold">
        Payment
      </h3>
      {payment.isPending ? (
        <LoadingBlock className="py-4" />
      ) : payment.isError ? (
        <p className="text-sm text-danger">{payment.error.message}</p>
      ) : !p?.charge ? (
        <p className="text-sm text-muted">No card payment for this booking.</p>
      ) : (
        <div className="space-y-4">
          <dl data-testid="booking-payment">
            <DetailRow label="Status">
              <StateBadge charge={p.charge} bookingStatus={bookingStatus} />
            </DetailRow>
            <DetailRow label="Card">{formatCard(p.charge.card) ?? "—"}</DetailRow>
            {p.charge.status === "requires_capture" ? <DetailRow label="Authorised">{formatMoney(p.charge.authorizedUsd)}</DetailRow> : null}
            <DetailRow label="Captured">{formatMoney(p.charge.capturedUsd)}</DetailRow>
            <DetailRow label="Refunded">{formatMoney(p.charge.refundedUsd)}</DetailRow>
            {p.tips.map((t: AdminPayment) => (
              <DetailRow key={t.id} label={`Tip · ${formatDateTime(t.createdAt)}`}>
                {formatMoney(t.capturedUsd)}
              </DetailRow>
            ))}
            <DetailRow label="Payment intent">
              <span className="font-mono text-xs text-muted">{p.charge.intentId}</span>
            </DetailRow>
          </dl>
          {p.refunds.length ? (
            <div>
              <p className="mb-1 text-xs uppercase tracking-[0.14em] text-muted">Refunds</p>
              <ul className="divide-y divide-border/60 text-sm" aria-label="Refunds">
                {p.refunds.map((r) => (
                  <li key={r.id} className="flex items-start justify-between gap-4 py-2">
                    <span className="min-w-0">
                      <span className="block text-foreground">{r.reason}</span>
                      <span className="block text-xs text-muted">{formatDateTime(r.createdAt)}</span>
                    </span>
                    <span className="tabular-nums text-foreground">−{formatMoney(r.amountUsd)}</span>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {p.charge.refundableUsd > 0 ? (
            refunding ? (
              <RefundForm bookingId={bookingId} refundableUsd={p.charge.refundableUsd} onDone={() => setRefunding(false)} />
            ) : (
              <Button size="sm" variant="subtle" onClick={() => setRefunding(true)}>
                Issue Refund
              </Button>
            )
          ) : null}
        </div>
      )}
    </section>
  );
}

/** The refund form as typed (the amount as its text), checked as the server checks it, and against what is left. */
const refundFormSchema = (refundableUsd: number) =>
  z
    .object({
      amountUsd: z
        .string()
        .transform((v) => (v.trim() === "" ? undefined : Number(v)))
        .pipe(refundInputSchema.shape.amountUsd),
      reason: refundInputSchema.shape.reason,
    })
    .refine((v) => v.amountUsd <= refundableUsd, { path: ["amountUsd"], message: `At most ${formatMoney(refundableUsd)} is left to refund.` });
type RefundFormInput = z.input<ReturnType<typeof refundFormSchema>>;

function RefundForm({ bookingId, refundableUsd, onDone }: { bookingId: string; refundableUsd: number; onDone: () => void }) {
  const [key] = useState(randomUuid);
  const refund = useRefundBooking();
  const form = useForm<RefundFormInput, unknown, RefundInput>({
    resolver: zodResolver(refundFormSchema(refundableUsd)),
    defaultValues: { amountUsd: refundableUsd.toFixed(2), reason: "" },
  });

  const submit = form.handleSubmit(async (input) => {
    try {
      // The key names this amount and reason: a changed form is a new refund, a double submit the same one.
      const { refund: done } = await refund.mutateAsync({ id: bookingId, input, idempotencyKey: `${key}:${input.amountUsd}:${input.reason}`.slice(0, 200) });
      notifySuccess("Refund Issued", `${formatMoney(done.amountUsd)} is on its way back to the customer's card.`);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.fields && (err.fields.amountUsd || err.fields.reason)) applyServerFieldErrors(err, form.setError, ["amountUsd", "reason"]);
      else notifyError("Refund Failed", err);
    }
  });

  return (
    <Form form={form} onSubmit={(e) => void submit(e)} className="space-y-3 rounded-lg border border-border bg-surface-2/60 p-4" aria-label="Refund">
      <div className="grid gap-3 sm:grid-cols-[140px_1fr]">
        {/* The typed text as it is: the schema reads it (empty: no amount). */}
        <NumberField<RefundFormInput> name="amountUsd" label="Amount (USD)" id="refund-amount" step="0.01" min={0.01} max={refundableUsd} setValueAs={(raw) => raw} />
        <TextField<RefundFormInput> name="reason" label="Reason" id="refund-reason" autoFocus maxLength={500} placeholder="Late pickup, service issue…" />
      </div>
      <p className="text-xs text-muted">Up to {formatMoney(refundableUsd)} can be refunded. The customer sees the refund on their receipt.</p>
      <div className="flex gap-2.5">
        <Button type="submit" size="sm" variant="gold" disabled={refund.isPending}>
          {refund.isPending ? "Refunding…" : "Confirm Refund"}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
