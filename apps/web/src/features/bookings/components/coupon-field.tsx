// The booking dialog's optional coupon code (ride and valet): sent with the quote; the server applies it as
// a quote line or says why not, which shows under the field. The code is counted only when the booking is made.
import { COUPON_FIELD_LABEL, COUPON_FIELD_PLACEHOLDER, type QuoteCouponRefusal } from "@meridian/shared/coupons";
import { TicketPercent } from "lucide-react";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/label";
import { formatMoney } from "@meridian/shared/money";
import { useFeature } from "@/lib/public-settings";

type Props = {
  id: string;
  value: string;
  onChange: (code: string) => void;
  /** The shown quote's applied code, if any. */
  applied: { code: string; discountUsd: number } | undefined;
  /** The shown quote's refusal of the code, if any. */
  refused: QuoteCouponRefusal | undefined;
  /** True while the code typed has not been priced yet. */
  calculating: boolean;
};

/** Hidden while coupons are switched off (Settings → Features). */
export function CouponField(props: Props) {
  return useFeature("coupons") ? <CouponInput {...props} /> : null;
}

function CouponInput({ id, value, onChange, applied, refused, calculating }: Props) {
  const typed = value.trim().toUpperCase();
  const current = !calculating && typed !== "";
  const refusal = current && refused?.code === typed ? refused.message : undefined;
  const success = current && applied?.code === typed ? `Code ${applied.code} applied: ${formatMoney(applied.discountUsd)} off.` : undefined;
  return (
    <Field label={COUPON_FIELD_LABEL} htmlFor={id} error={refusal}>
      <div className="relative">
        <TicketPercent className="pointer-events-none absolute left-3.5 top-1/2 size-4 -translate-y-1/2 text-gold/70" aria-hidden />
        <Input
          id={id}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={COUPON_FIELD_PLACEHOLDER}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          className="pl-10 uppercase placeholder:normal-case"
          aria-describedby={success ? `${id}-applied` : undefined}
        />
      </div>
      {success ? (
        <p id={`${id}-applied`} role="status" className="mt-1.5 text-xs text-gold">
          {success}
        </p>
      ) : null}
    </Field>
  );
}
