// Add a tip after a completed service: 15/20/25% of the service's total or a custom amount, charged to the card
// the booking was paid with. One Idempotency-Key per dialog and amount, so a double press or a retry tips once.
import { type Receipt } from "@meridian/shared/receipts";
import { usePublicSettings } from "@/lib/public-settings";
import { TIP_AMOUNT_MESSAGE, tipInputSchema, tipMaxUsd, tipPresetUsd, tipTooLargeMessage, type TipInput } from "@meridian/shared/tips";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useFormState, useWatch } from "react-hook-form";
import { z } from "zod";
import { NumberField, numberOr } from "@/components/form/fields";
import { applyServerFieldErrors, Form } from "@/components/form/form";
import { Button } from "@/components/ui/button";
import { ItemDialog } from "@/components/ui/dialog";
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
    <ItemDialog
      item={target}
      onClose={onClose}
      title="Add a Tip"
      description={(t) => (t.service === "ride" ? "All of it goes to your chauffeur." : "Shared equally between the attendants who parked your guests' cars.")}
    >
      {(target) => <TipForm target={target} onDone={onClose} />}
    </ItemDialog>
  );
}

/**
 * The dialog's form: a preset (`percent`, its amount a share of `totalUsd`) or, with no preset (null), the typed
 * amount; either is the shared tip input (the server's messages) within this booking's largest tip. A preset's
 * message is the percent's, a typed amount's the custom field's.
 */
const tipFormSchema = (totalUsd: number) => {
  const max = tipMaxUsd(totalUsd);
  const amount = tipInputSchema.shape.amountUsd.max(max, tipTooLargeMessage(max));
  return z.object({ percent: z.number().nullable(), customUsd: z.number().or(z.nan()) }).transform((v, ctx): TipInput => {
    const parsed = amount.safeParse(v.percent === null ? v.customUsd : tipPresetUsd(totalUsd, v.percent));
    if (parsed.success) return { amountUsd: parsed.data, ...(v.percent === null ? {} : { percent: v.percent }) };
    ctx.addIssue({ code: "custom", message: parsed.error.issues[0]?.message ?? TIP_AMOUNT_MESSAGE, path: [v.percent === null ? "customUsd" : "percent"] });
    return z.NEVER;
  });
};
type TipChoice = { percent: number | null; customUsd: number };

function TipForm({ target, onDone }: { target: TipTarget; onDone: () => void }) {
  // The presets of Settings → Payments; the middle one (20% by default) starts chosen.
  const presets = usePublicSettings().tipPresetPercents;
  const middle = presets[Math.floor((presets.length - 1) / 2) + (presets.length % 2 ? 0 : 1)] ?? presets[0]!;
  const form = useForm<TipChoice, unknown, TipInput>({ resolver: zodResolver(tipFormSchema(target.totalUsd)), defaultValues: { percent: middle, customUsd: Number.NaN } });
  const [baseKey] = useState(randomUuid);
  const add = useAddTip();
  const max = tipMaxUsd(target.totalUsd);
  const { percent, customUsd } = useWatch({ control: form.control });
  const custom = percent === null;
  const amount = custom ? customUsd : tipPresetUsd(target.totalUsd, percent ?? middle);
  const presetError = useFormState({ control: form.control, name: "percent" }).errors.percent?.message;

  const choose = (next: number | null) => {
    form.clearErrors();
    form.setValue("percent", next);
  };

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const { tip } = await add.mutateAsync({ bookingId: target.bookingId, input, idempotencyKey: `${baseKey}:${Math.round(input.amountUsd * 100)}` });
      const who = tip.recipients.length === 1 ? tip.recipients[0]!.name : "your attendants";
      notifySuccess("Thank You!", `Your tip of ${formatMoney(tip.amountUsd)} goes to ${who}.`);
      onDone();
    } catch (err) {
      // The server's word on the amount (or a preset since removed) goes where the amount was chosen.
      if (err instanceof ApiError && (err.fields?.amountUsd || err.fields?.percent)) {
        applyServerFieldErrors(err, form.setError, ["customUsd", "percent"], custom ? { amountUsd: "customUsd", percent: "customUsd" } : { amountUsd: "percent" });
      } else notifyError("Tip Failed", err);
    }
  });

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-6">
      <fieldset aria-describedby={presetError ? "tip-percent-error" : undefined}>
        <legend className="mb-2.5 text-xs font-medium uppercase tracking-[0.14em] text-muted">Choose an amount</legend>
        <div className="grid grid-cols-2 gap-2.5 sm:grid-cols-4">
          {presets.map((p) => (
            <ChoiceButton key={p} selected={percent === p} onClick={() => choose(p)} title={`${p}%`} detail={formatMoney(tipPresetUsd(target.totalUsd, p))} />
          ))}
          <ChoiceButton selected={custom} onClick={() => choose(null)} title="Custom" detail="Your amount" />
        </div>
      </fieldset>

      {custom ? (
        <NumberField<TipChoice> name="customUsd" label="Custom amount (USD)" id="tip-custom" min={1} max={max} step="0.01" autoFocus placeholder="25.00" setValueAs={numberOr(Number.NaN)} />
      ) : presetError ? (
        <p id="tip-percent-error" role="alert" className="text-sm text-danger">
          {presetError}
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
    </Form>
  );
}

function ChoiceButton({ selected, onClick, title, detail }: { selected: boolean; onClick: () => void; title: string; detail: string }) {
  return (
    <button
      type="button"
      aria-pressed={selected}
      onClick={onClick}
      className={cn(
        "flex cursor-pointer flex-col items-center justify-center rounded-lg border px-3 py-3 transition-colors",
        selected ? "border-gold bg-gold/10 text-gold" : "border-border bg-surface-2 text-foreground hover:border-gold/50",
      )}
    >
      <span className="font-display text-2xl leading-none">{title}</span>
      <span className="mt-1 text-xs tabular-nums text-muted">{detail}</span>
    </button>
  );
}
