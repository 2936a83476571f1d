// /admin/coupons: every promotional code with its terms and uses; create, edit, deactivate.
import { Pencil, Plus, Power } from "lucide-react";
import { useMemo, useState } from "react";
import { COUPON_SERVICE_LABELS, formatCouponValue, type AdminCoupon } from "@meridian/shared/coupons";
import { Button } from "@/components/ui/button";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { notifyError, notifySuccess } from "@/lib/notify";
import { formatMoney } from "@meridian/shared/money";
import { cn } from "@/lib/utils";
import { PageHeader, StatusBadge } from "@/components/admin/admin-ui";
import type { Column } from "@/components/data-table/data-table";
import { ListPage } from "@/components/data-table/list-page";
import { useCoupons } from "./api/get-coupons";
import { useUpdateCoupon } from "./api/update-coupon";
import { CouponDialog } from "./coupon-dialog";

const shortDate = (d: string) => new Date(`${d}T00:00:00`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });

function validity(c: AdminCoupon) {
  if (c.validFrom && c.validTo) return `${shortDate(c.validFrom)} – ${shortDate(c.validTo)}`;
  if (c.validFrom) return `From ${shortDate(c.validFrom)}`;
  if (c.validTo) return `Until ${shortDate(c.validTo)}`;
  return "Always";
}

export default function CouponsPage() {
  const coupons = useCoupons();
  const [dialog, setDialog] = useState<{ coupon: AdminCoupon | null } | null>(null);

  const columns = useMemo<Column<AdminCoupon>[]>(
    () => [
      {
        header: "Code",
        sortValue: (c) => c.code,
        cell: (c) => <span className={cn("font-mono text-[0.82rem] tracking-wider", c.active ? "text-gold-bright" : "text-muted")}>{c.code}</span>,
      },
      {
        header: "Discount",
        cell: (c) => (
          <>
            <div className="tabular-nums text-foreground">{formatCouponValue(c)} off</div>
            {c.minFareUsd > 0 ? <div className="mt-0.5 whitespace-nowrap text-xs text-muted">Fares from {formatMoney(c.minFareUsd)}</div> : null}
          </>
        ),
      },
      { header: "Applies to", className: "whitespace-nowrap text-foreground/80", cell: (c) => COUPON_SERVICE_LABELS[c.service] },
      { header: "Valid", className: "text-foreground/80", cell: validity },
      {
        header: "Usage",
        className: "tabular-nums text-foreground/80",
        sortValue: (c) => c.usesCount,
        cell: (c) => (
          <>
            <div>
              {c.usesCount} / {c.maxUses ?? "∞"}
            </div>
            {c.maxUsesPerCustomer ? <div className="mt-0.5 whitespace-nowrap text-xs text-muted">{c.maxUsesPerCustomer} per customer</div> : null}
          </>
        ),
      },
      { header: "Status", cell: (c) => <StatusBadge status={c.active ? "active" : "inactive"} /> },
      {
        header: "Actions",
        actions: true,
        align: "right",
        cell: (c) => (
          <div className="flex justify-end gap-1">
            <Button variant="ghost" size="sm" aria-label={`Edit ${c.code}`} onClick={() => setDialog({ coupon: c })}>
              <Pencil /> Edit
            </Button>
            <ActiveToggle coupon={c} />
          </div>
        ),
      },
    ],
    [],
  );

  const list = coupons.data ?? [];
  const active = list.filter((c) => c.active).length;
  return (
    <>
      <PageHeader
        eyebrow="Marketing"
        title="Coupons"
        description={`Promotional codes customers enter when they book, and how often each has been used.${list.length ? ` ${active} of ${list.length} active.` : ""}`}
        actions={
          <Button onClick={() => setDialog({ coupon: null })}>
            <Plus /> New Coupon
          </Button>
        }
      />
      <ListPage
        label="Coupons" query={coupons} columns={columns} rows={(all) => all}
        rowTestId="coupon-row" dimmed={(c) => !c.active} errorToast="Error fetching coupons"
        errorText="Could not load coupons."
        emptyText="No coupons yet. Create the first code with New Coupon."
      />
      <CouponDialog open={Boolean(dialog)} coupon={dialog?.coupon ?? null} onOpenChange={(open) => !open && setDialog(null)} />
    </>
  );
}

function ActiveToggle({ coupon }: { coupon: AdminCoupon }) {
  const update = useUpdateCoupon();
  const next = !coupon.active;
  const { confirm, dialog } = useConfirm();
  async function toggle() {
    // Deactivating refuses the code to every customer at once (one mid-booking included): ask first.
    if (
      !next &&
      !(await confirm({
        title: `Deactivate ${coupon.code}?`,
        description: `Customers entering ${coupon.code} are refused from now on, including anyone about to book with it. Bookings already made keep their discount. You can activate it again later.`,
        confirmLabel: "Deactivate Coupon",
        destructive: true,
      }))
    )
      return;
    try {
      await update.mutateAsync({ id: coupon.id, patch: { active: next } });
      notifySuccess(next ? "Coupon Activated" : "Coupon Deactivated", next ? `${coupon.code} can be used again.` : `${coupon.code} is refused from now on.`);
    } catch (err) {
      notifyError("Error updating coupon", err);
    }
  }
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        disabled={update.isPending}
        aria-label={`${next ? "Activate" : "Deactivate"} ${coupon.code}`}
        onClick={toggle}
        className={next ? "text-gold" : "text-danger/90 hover:text-danger"}
      >
        <Power /> {next ? "Activate" : "Deactivate"}
      </Button>
      {dialog}
    </>
  );
}
