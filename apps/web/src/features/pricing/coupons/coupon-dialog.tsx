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
import { useForm } from "react-hook-form";
import { DateField, NumberField, numberOr, SelectField, SwitchField, TextField } from "@/components/form/fields";
import { Form, FormActions } from "@/components/form/form";
import { useSaveDialog } from "@/components/form/use-save-dialog";
import { FormDialog } from "@/components/form/form-dialog";
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

const dateOrNull = (v: unknown) => (typeof v === "string" && v ? v : null);

export function CouponDialog({ open, coupon, onOpenChange }: { open: boolean; coupon: AdminCoupon | null; onOpenChange: (open: boolean) => void }) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={coupon ? "Edit Coupon" : "New Coupon"}
      description={coupon ? `Change ${coupon.code}. Uses already counted stay counted.` : "A promotional code customers enter in the booking dialog."}
    >
      <CouponForm key={coupon?.id ?? "new"} coupon={coupon} onDone={() => onOpenChange(false)} />
    </FormDialog>
  );
}

function CouponForm({ coupon, onDone }: { coupon: AdminCoupon | null; onDone: () => void }) {
  const create = useCreateCoupon();
  const update = useUpdateCoupon();
  const form = useForm<CouponInput, unknown, CouponValues>({ resolver: zodResolver(couponInputSchema), defaultValues: coupon ? toForm(coupon) : NEW_COUPON });
  const kind = form.watch("kind");

  const { onSubmit, pending } = useSaveDialog({
    form,
    editingId: coupon?.id ?? null,
    create,
    update,
    created: (values) => ["Coupon Created", `${values.code} can be used in bookings${values.active ? "" : " once it is active"}.`],
    updated: (values) => ["Coupon Updated", `${values.code} has been saved.`],
    failed: "Error saving coupon",
    validationToast: false,
    onDone,
  });

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-5">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField<CouponInput> name="code" label="Code" id="coupon-code" autoFocus autoComplete="off" placeholder="e.g. SPRING25" className="font-mono uppercase tracking-wider" />
        <SelectField<CouponInput> name="service" label="Applies to" id="coupon-service" options={serviceOptions} />
        <SelectField<CouponInput> name="kind" label="Type" id="coupon-kind" options={kindOptions} />
        <NumberField<CouponInput>
          name="value"
          label={kind === "percent" ? "Percent off" : "Amount off (USD)"}
          id="coupon-value"
          prefix={kind === "fixed" ? "$" : undefined}
          suffix={kind === "percent" ? "%" : undefined}
          min={0}
          step={kind === "percent" ? 1 : 0.01}
          setValueAs={numberOr(undefined)}
        />
        <DateField<CouponInput> name="validFrom" label="Valid from" id="coupon-from" required={false} setValueAs={dateOrNull} />
        <DateField<CouponInput> name="validTo" label="Valid to" id="coupon-to" required={false} setValueAs={dateOrNull} />
        <NumberField<CouponInput> name="maxUses" label="Total uses" id="coupon-max" inputMode="numeric" min={1} step={1} placeholder="Unlimited" setValueAs={numberOr(null)} />
        <NumberField<CouponInput> name="maxUsesPerCustomer" label="Uses per customer" id="coupon-per" inputMode="numeric" min={1} step={1} placeholder="Unlimited" setValueAs={numberOr(null)} />
      </div>
      <NumberField<CouponInput> name="minFareUsd" label="Minimum fare (USD)" id="coupon-min" prefix="$" min={0} step={0.01} setValueAs={numberOr(0)} />
      <SwitchField<CouponInput> name="active" id="coupon-active" label="Active" hint="Inactive codes are refused at booking." />
      <FormActions onCancel={onDone} pending={pending} label={coupon ? "Save Changes" : "Create Coupon"} pendingLabel="Saving…" />
    </Form>
  );
}
