// New Coupon / Edit Coupon. The schema (and its messages) is the server's: couponInputSchema.
import { zodResolver } from "@hookform/resolvers/zod";
import {
  COUPON_KIND_LABELS,
  COUPON_SERVICE_LABELS,
  couponInputSchema,
  couponKindValues,
  couponServiceValues,
  type AdminCoupon,
  type CouponInput,
  type CouponValues,
} from "@meridian/shared/coupons";
import { Controller, useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Field } from "@/components/ui/label";
import { OptionSelect } from "@/components/ui/select";
import { ApiError } from "@/lib/api";
import { notifyError, notifySuccess } from "@/lib/notify";
import { SwitchRow, UnitInput } from "@/components/admin/fleet-ui";
import { useCreateCoupon } from "./api/create-coupon";
import { useUpdateCoupon } from "./api/update-coupon";

const serviceOptions = couponServiceValues.map((value) => ({ value, label: COUPON_SERVICE_LABELS[value] }));
const kindOptions = couponKindValues.map((value) => ({ value, label: COUPON_KIND_LABELS[value] }));

const NEW_COUPON: CouponInput = {
  code: "",
  kind: "percent",
  value: 10,
  service: "any",
  validFrom: null,
  validTo: null,
  maxUses: null,
  maxUsesPerCustomer: 1,
  minFareUsd: 0,
  active: true,
};

const toForm = (c: AdminCoupon): CouponInput => ({
  code: c.code,
  kind: c.kind,
  value: c.value,
  service: c.service,
  validFrom: c.validFrom,
  validTo: c.validTo,
  maxUses: c.maxUses,
  maxUsesPerCustomer: c.maxUsesPerCustomer,
  minFareUsd: c.minFareUsd,
  active: c.active,
});

/** Empty number inputs: undefined (required) or null (no limit). */
const numberOr = (empty: null | undefined) => (v: unknown) => (v === "" || v === null || v === undefined ? empty : Number(v));
const dateOrNull = (v: unknown) => (typeof v === "string" && v ? v : null);

export function CouponDialog({ open, coupon, onOpenChange }: { open: boolean; coupon: AdminCoupon | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        title={coupon ? "Edit Coupon" : "New Coupon"}
        description={coupon ? `Change ${coupon.code}. Uses already counted stay counted.` : "A promotional code customers enter in the booking dialog."}
      >
        {open ? <CouponForm key={coupon?.id ?? "new"} coupon={coupon} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function CouponForm({ coupon, onDone }: { coupon: AdminCoupon | null; onDone: () => void }) {
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const busy = create.isPending || update.isPending;
  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<CouponInput, unknown, CouponValues>({ resolver: zodResolver(couponInputSchema), defaultValues: coupon ? toForm(coupon) : NEW_COUPON });
  const kind = watch("kind");

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (coupon) {
        await update.mutateAsync({ id: coupon.id, patch: values });
        notifySuccess("Coupon Updated", `${values.code} has been saved.`);
      } else {
        await create.mutateAsync(values);
        notifySuccess("Coupon Created", `${values.code} can be used in bookings${values.active ? "" : " once it is active"}.`);
      }
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        for (const [k, m] of Object.entries(err.fields)) if (k in NEW_COUPON) setError(k as keyof CouponInput, { message: m });
      }
      notifyError("Error saving coupon", err);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Code" htmlFor="coupon-code" error={errors.code?.message}>
          <Input id="coupon-code" autoFocus autoComplete="off" placeholder="e.g. SPRING25" className="font-mono uppercase tracking-wider" aria-invalid={Boolean(errors.code)} {...register("code")} />
        </Field>
        <Field label="Applies to" htmlFor="coupon-service" error={errors.service?.message}>
          <Controller
            control={control}
            name="service"
            render={({ field }) => <OptionSelect id="coupon-service" label="Applies to" value={field.value} onValueChange={field.onChange} options={serviceOptions} />}
          />
        </Field>
        <Field label="Type" htmlFor="coupon-kind" error={errors.kind?.message}>
          <Controller
            control={control}
            name="kind"
            render={({ field }) => <OptionSelect id="coupon-kind" label="Type" value={field.value} onValueChange={field.onChange} options={kindOptions} />}
          />
        </Field>
        <Field label={kind === "percent" ? "Percent off" : "Amount off (USD)"} htmlFor="coupon-value" error={errors.value?.message}>
          <UnitInput
            id="coupon-value"
            prefix={kind === "fixed" ? "$" : undefined}
            suffix={kind === "percent" ? "%" : undefined}
            min={0}
            step={kind === "percent" ? 1 : 0.01}
            aria-invalid={Boolean(errors.value)}
            {...register("value", { setValueAs: numberOr(undefined) })}
          />
        </Field>
        <Field label="Valid from" htmlFor="coupon-from" error={errors.validFrom?.message}>
          <Input id="coupon-from" type="date" aria-invalid={Boolean(errors.validFrom)} {...register("validFrom", { setValueAs: dateOrNull })} />
        </Field>
        <Field label="Valid to" htmlFor="coupon-to" error={errors.validTo?.message}>
          <Input id="coupon-to" type="date" aria-invalid={Boolean(errors.validTo)} {...register("validTo", { setValueAs: dateOrNull })} />
        </Field>
        <Field label="Total uses" htmlFor="coupon-max" error={errors.maxUses?.message}>
          <Input id="coupon-max" type="number" inputMode="numeric" min={1} step={1} placeholder="Unlimited" aria-invalid={Boolean(errors.maxUses)} {...register("maxUses", { setValueAs: numberOr(null) })} />
        </Field>
        <Field label="Uses per customer" htmlFor="coupon-per" error={errors.maxUsesPerCustomer?.message}>
          <Input
            id="coupon-per"
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder="Unlimited"
            aria-invalid={Boolean(errors.maxUsesPerCustomer)}
            {...register("maxUsesPerCustomer", { setValueAs: numberOr(null) })}
          />
        </Field>
      </div>
      <Field label="Minimum fare (USD)" htmlFor="coupon-min" error={errors.minFareUsd?.message}>
        <UnitInput id="coupon-min" prefix="$" min={0} step={0.01} aria-invalid={Boolean(errors.minFareUsd)} {...register("minFareUsd", { setValueAs: (v) => (v === "" ? 0 : Number(v)) })} />
      </Field>
      <Controller
        control={control}
        name="active"
        render={({ field }) => <SwitchRow id="coupon-active" label="Active" hint="Inactive codes are refused at booking." checked={field.value ?? true} onCheckedChange={field.onChange} />}
      />
      <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : coupon ? "Save Changes" : "Create Coupon"}
        </Button>
      </div>
    </form>
  );
}
