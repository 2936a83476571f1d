// Add a tip after a completed service: 15/20/25% of the service's total or a custom amount, charged to the card
// the booking was paid with. One Idempotency-Key per dialog and amount, so a double press or a retry tips once.
import { type Receipt } from "@meridian/shared/receipts";
import { usePublicSettings } from "@/lib/public-settings";
import { tipInputSchema, tipMaxUsd, tipPresetUsd, tipTooLargeMessage } from "@meridian/shared/tips";
import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/label";
import { randomUuid } from "@/lib/random-uuid";
import { ApiError } from "@/lib/api";
import { notifyError, notifySuccess } from "@/lib/notify";
import { formatCard, formatMoney } from "@meridian/shared/money";
import { cn } from "@/lib/utils";
import { useAddTip } from "../api/add-tip";

export type TipTarget = {
  bookingId: string;
  service: string;
  /** The service's total the presets are a share of. */
  totalUsd: number;
  card: { brand: string; last4: string } | null;
};

/** A receipt's booking as the dialog's target: the presets are shares of what the service was charged. */
export const tipTargetOf = (r: Receipt): TipTarget => ({ bookingId: r.bookingId, service: r.service, totalUsd: r.serviceChargedUsd, card: r.card });

export function TipDialog({ target, onClose }: { target: TipTarget | null; onClose: () => void }) {
  return (
    <Dialog open={target !== null} onOpenChange={(open) => !open && onClose()}>
      {target ? (
        <DialogContent
          title="Add a Tip"
          description={target.service === "ride" ? "All of it goes to your chauffeur." : "Shared equally between the attendants who parked your guests' cars."}
        >
          <TipForm target={target} onDone={onClose} />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

type Choice = { kind: "preset"; percent: number } | { kind: "custom" };

function TipForm({ target, onDone }: { target: TipTarget; onDone: () => void }) {
  // The presets of Settings → Payments; the middle one (20% by default) starts chosen.
  const presets = usePublicSettings().tipPresetPercents;
  const [choice, setChoice] = useState<Choice>({ kind: "preset", percent: presets[Math.floor((presets.length - 1) / 2) + (presets.length % 2 ? 0 : 1)] ?? presets[0]! });
  const [custom, setCustom] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [baseKey] = useState(randomUuid);
  const add = useAddTip();
  const max = tipMaxUsd(target.totalUsd);

  const amount = choice.kind === "preset" ? tipPresetUsd(target.totalUsd, choice.percent) : custom.trim() === "" ? null : Number(custom);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const parsed = tipInputSchema.safeParse({ amountUsd: amount ?? undefined, ...(choice.kind === "preset" ? { percent: choice.percent } : {}) });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? "Enter a tip.");
    if (parsed.data.amountUsd > max) return setError(tipTooLargeMessage(max));
    try {
      const { tip } = await add.mutateAsync({ bookingId: target.bookingId, input: parsed.data, idempotencyKey: `${baseKey}:${Math.round(parsed.data.amountUsd * 100)}` });
      const who = tip.recipients.length === 1 ? tip.recipients[0]!.name : "your attendants";
      notifySuccess("Thank You!", `Your tip of ${formatMoney(tip.amountUsd)} goes to ${who}.`);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && (err.fields?.amountUsd || err.fields?.percent)) setError(err.fields.amountUsd ?? err.fields.percent ?? null);
      else notifyError("Tip Failed", err);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-6">
      <fieldset>
        <legend className="mb-2.5 text-xs font-medium uppercase tracking-[0.14em] text-muted">Choose an amount</legend>
        <div className="grid grid-cols-2 gap-2.5 sm:grid-cols-4">
          {presets.map((percent) => {
            const selected = choice.kind === "preset" && choice.percent === percent;
            return (
              <button
                key={percent}
                type="button"
                aria-pressed={selected}
                onClick={() => (setChoice({ kind: "preset", percent }), setError(null))}
                className={cn(
                  "flex cursor-pointer flex-col items-center rounded-lg border px-3 py-3 transition-colors",
                  selected ? "border-gold bg-gold/10 text-gold" : "border-border bg-surface-2 text-foreground hover:border-gold/50",
                )}
              >
                <span className="font-display text-2xl leading-none">{percent}%</span>
                <span className="mt-1 text-xs tabular-nums text-muted">{formatMoney(tipPresetUsd(target.totalUsd, percent))}</span>
              </button>
            );
          })}
          <button
            type="button"
            aria-pressed={choice.kind === "custom"}
            onClick={() => (setChoice({ kind: "custom" }), setError(null))}
            className={cn(
              "flex cursor-pointer flex-col items-center justify-center rounded-lg border px-3 py-3 transition-colors",
              choice.kind === "custom" ? "border-gold bg-gold/10 text-gold" : "border-border bg-surface-2 text-foreground hover:border-gold/50",
            )}
          >
            <span className="font-display text-2xl leading-none">Custom</span>
            <span className="mt-1 text-xs text-muted">Your amount</span>
          </button>
        </div>
      </fieldset>

      {choice.kind === "custom" ? (
        <Field label="Custom amount (USD)" htmlFor="tip-custom" error={error ?? undefined}>
          <Input
            id="tip-custom"
            type="number"
            inputMode="decimal"
            min={1}
            max={max}
            step="0.01"
            autoFocus
            placeholder="25.00"
            value={custom}
            onChange={(e) => (setCustom(e.target.value), setError(null))}
          />
        </Field>
      ) : error ? (
        <p role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}

      <p className="text-sm text-muted">
        {target.card ? `Charged to ${formatCard(target.card)}, the card you paid with.` : "Charged to the card you paid with."} Tips are up to {formatMoney(max)}.
      </p>

      <div className="flex justify-end gap-3">
        <Button type="button" variant="ghost" onClick={onDone}>
          Not Now
        </Button>
        <Button type="submit" disabled={add.isPending}>
          {add.isPending ? "Adding…" : amount && Number.isFinite(amount) && amount > 0 ? `Add ${formatMoney(amount)} Tip` : "Add Tip"}
        </Button>
      </div>
    </form>
  );
}
