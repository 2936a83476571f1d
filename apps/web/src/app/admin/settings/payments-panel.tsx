// Settings → Payments: the provider the server runs and its mode (from the server's environment; keys only as
// "Set" / "Not set"), the last webhook received, "Send a Test Charge" in test modes, the tips offered (the switch
// of Settings → Features and the presets of the tip dialog), the cancellation terms of Settings → Operations (with
// a link there) and how long a card is held, in words.
import { paymentsSettingsSchema, MAX_TIP_PRESETS, type PaymentsOverview, type PaymentsSettings, type TestChargeResult } from "@meridian/shared/settings";
import { formatMoney } from "@meridian/shared/money";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, CircleX, CreditCard, HandCoins, ScrollText } from "lucide-react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { submitTo } from "@/components/form/form";
import { api } from "@/lib/api";
import { testChargeResponseSchema } from "@meridian/shared/settings/answers";
import { notifyError, notifySuccess } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { sectionQueryOptions, useSaveSettingsSection, useSettingsSection } from "../api/settings-sections";
import { formatDateTime } from "@/components/admin/admin-ui";
import { Panel } from "@/components/ui/panel";
import { Fact, PanelHeading, SectionPanels, SettingsPanel, SwitchRow } from "./settings-ui";
import { adminKeys } from "@/lib/query-keys";


export function PaymentsPanel() {
  return <SectionPanels section="payments" panels={[ProviderPanel, TipsPanel, PolicyPanel]} />;
}

function useTestCharge() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => api("/api/admin/settings/payments/test-charge", testChargeResponseSchema, { method: "POST" }),
    onSuccess: () => qc.invalidateQueries({ queryKey: adminKeys.audit() }),
  });
}

function ProviderPanel({ data }: { data: PaymentsOverview }) {
  const { provider, lastWebhook } = data;
  const test = useTestCharge();
  const [result, setResult] = useState<TestChargeResult | null>(null);
  const live = provider.mode === "stripe_live";
  const send = async () => {
    setResult(null);
    try {
      setResult((await test.mutateAsync()).result);
    } catch (err) {
      notifyError("Test charge failed", err);
    }
  };
  return (
    <SettingsPanel
      icon={CreditCard}
      title="Payments"
      description="Who holds and moves the money. The provider, its mode and its keys are set in the server's environment; keys are never shown here, only whether each one is set."
      actions={
        provider.testCharges ? (
          <Button variant="outline" onClick={() => void send()} disabled={test.isPending}>
            {test.isPending ? "Sending…" : "Send a Test Charge"}
          </Button>
        ) : null
      }
    >
      <dl className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Fact label="Provider">{provider.name === "stripe" ? "Stripe" : "Embedded (Stripe's test cards)"}</Fact>
        <Fact label="Mode">
          <Badge tone={live ? "success" : "gold"} className="normal-case" data-testid="payments-mode">
            {provider.modeLabel}
          </Badge>
          <p className="mt-2 text-xs text-muted">{live ? "Real cards, real money." : "No real money moves."}</p>
        </Fact>
        <Fact label="Keys">
          {provider.keys.length ? (
            <ul className="grid gap-1.5">
              {provider.keys.map((k) => (
                <li key={k.name} className="flex items-center justify-between gap-3">
                  <span className="text-foreground/90">{k.label}</span>
                  <Badge tone={k.set ? "success" : "danger"} className="normal-case">
                    {k.set ? "Set" : "Not set"}
                  </Badge>
                </li>
              ))}
            </ul>
          ) : (
            <span className="text-muted">None needed: the embedded provider keeps its records in Meridian's database.</span>
          )}
        </Fact>
        <Fact label="Last webhook">
          {lastWebhook ? (
            <span data-testid="payments-last-webhook">
              <span className="font-mono text-xs text-gold">{lastWebhook.type}</span>
              <span className="mt-1 block text-muted">{formatDateTime(lastWebhook.at)}</span>
            </span>
          ) : (
            <span className="text-muted">{provider.name === "stripe" ? "None received yet." : "The embedded provider sends no webhooks."}</span>
          )}
        </Fact>
      </dl>
      {provider.testCharges ? (
        <div aria-live="polite" className="mt-5">
          {result ? <TestChargeOutcome result={result} /> : <p className="text-xs text-muted">A test charge authorises {formatMoney(1)} on Stripe's test Visa through the provider above and releases it at once.</p>}
        </div>
      ) : (
        <p className="mt-5 text-xs text-muted">No test charge in live mode: every charge moves real money.</p>
      )}
    </SettingsPanel>
  );
}

function TestChargeOutcome({ result }: { result: TestChargeResult }) {
  return (
    <div data-testid="test-charge-result" className={cn("flex items-start gap-3 rounded-xl border px-4 py-3.5", result.ok ? "border-success/40 bg-success/[0.06]" : "border-danger/40 bg-danger/[0.06]")}>
      {result.ok ? <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden /> : <CircleX className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden />}
      <div className="min-w-0 text-sm">
        {result.ok ? (
          <>
            <p className="text-foreground">
              Test charge worked: {formatMoney(result.amountUsd)} authorised{result.card ? ` on ${result.card.brand.toUpperCase()} •••• ${result.card.last4}` : ""} and released.
            </p>
            <p className="mt-1 text-xs text-muted [overflow-wrap:anywhere]">
              {result.intentId} · {result.authorisedStatus} → {result.releasedStatus} · {result.ms} ms
            </p>
          </>
        ) : (
          <>
            <p className="text-foreground">Test charge failed: {result.message}</p>
            <p className="mt-1 text-xs text-muted">
              {result.code} · {result.ms} ms
            </p>
          </>
        )}
      </div>
    </div>
  );
}

type TipSlots = { slots: string[] };
/** The preset boxes as typed: "" for an empty one. */
const toSlots = (saved: number[]) => Array.from({ length: MAX_TIP_PRESETS }, (_, i) => (saved[i] === undefined ? "" : String(saved[i])));
const typedPresets = (slots: string[]) => slots.filter((s) => s.trim() !== "").map(Number);
/** The boxes filled, as the section's schema takes them; its first message for the whole set of boxes. */
const tipSlotsSchema = z.object({ slots: z.array(z.string()) }).transform(({ slots }, ctx) => {
  const parsed = paymentsSettingsSchema.safeParse({ tipPresetPercents: typedPresets(slots) });
  if (parsed.success) return parsed.data;
  ctx.addIssue({ code: "custom", path: ["slots"], message: parsed.error.issues[0]?.message ?? "Check the tip presets." });
  return z.NEVER;
});

/** The tip presets' form, started again from each newly saved set. */
function TipsPanel({ data }: { data: PaymentsOverview }) {
  return <TipsForm key={data.payments.tipPresetPercents.join(",")} data={data} />;
}

function TipsForm({ data }: { data: PaymentsOverview }) {
  const qc = useQueryClient();
  const save = useSaveSettingsSection("payments");
  const features = useSettingsSection("features");
  const saveFeatures = useSaveSettingsSection("features");
  const saved = data.payments.tipPresetPercents;
  const form = useForm<TipSlots, unknown, PaymentsSettings>({ resolver: zodResolver(tipSlotsSchema), defaultValues: { slots: toSlots(saved) }, reValidateMode: "onSubmit" });
  const typed = typedPresets((useWatch({ control: form.control, name: "slots" }) as string[] | undefined) ?? []);
  const dirty = typed.join(",") !== saved.join(",");
  // The schema's message for the set of boxes is the field array's root message; the server's, set on "slots", its own.
  const slotsError = form.formState.errors.slots as { message?: string; root?: { message?: string } } | undefined;
  const error = slotsError?.root?.message ?? slotsError?.message;

  const toggleTips = async (on: boolean) => {
    if (!features.data) return;
    try {
      await saveFeatures.mutateAsync({ ...features.data.features, tips: on });
      await qc.invalidateQueries({ queryKey: sectionQueryOptions("payments").queryKey });
      notifySuccess("Settings Saved", on ? "Customers can add a tip after a completed service." : "Tips are no longer offered.");
    } catch (err) {
      notifyError("Could not save settings", err);
    }
  };

  const onSubmit = submitTo(form, save.mutateAsync, {
    failed: "Could not save settings",
    done: (values) => ["Settings Saved", `The tip dialog offers ${values.tipPresetPercents.map((p) => `${p}%`).join(", ")} and a custom amount.`],
    rename: { tipPresetPercents: "slots" },
  });

  return (
    <Panel className="p-7 sm:p-9" aria-labelledby="tips-title">
      <PanelHeading
        id="tips-title"
        icon={HandCoins}
        title="Tips"
        description="After a completed service the customer may add a tip on the card they paid with; a ride's goes to the chauffeur, a valet event's is shared by its attendants."
      />
      <div className="mt-4">
        <SwitchRow id="payments-tips" label="Offer tips" hint="Off: the Add a Tip button disappears and the tip route refuses (Settings → Features → Tips)." checked={data.tipsOffered} disabled={!features.data || saveFeatures.isPending} onChange={(on) => void toggleTips(on)} />
      </div>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <fieldset aria-describedby={error ? "tip-presets-error" : "tip-presets-hint"}>
          <legend className="mb-1.5 text-xs font-medium uppercase tracking-[0.14em] text-muted">Tip presets (% of the service's total)</legend>
          <div className="flex flex-wrap gap-3">
            {Array.from({ length: MAX_TIP_PRESETS }, (_, i) => (
              <div key={i} className="flex items-center gap-2">
                <Label htmlFor={`tip-preset-${i}`} className="sr-only">
                  Preset {i + 1}
                </Label>
                <Input
                  id={`tip-preset-${i}`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={100}
                  className="w-20"
                  aria-invalid={Boolean(error)}
                  {...form.register(`slots.${i}`, { onChange: () => form.clearErrors("slots") })}
                />
                <span className="text-sm text-muted">%</span>
              </div>
            ))}
          </div>
          {error ? (
            <p id="tip-presets-error" role="alert" className="mt-2 text-xs text-danger">
              {error}
            </p>
          ) : (
            <p id="tip-presets-hint" className="mt-2 text-xs text-muted">
              1 to {MAX_TIP_PRESETS} whole percents; leave a box empty for fewer. The middle one starts chosen.
            </p>
          )}
        </fieldset>
        <div>
          <p className="mb-1.5 text-xs font-medium uppercase tracking-[0.14em] text-muted">The tip dialog on a $200.00 ride</p>
          <div className="flex flex-wrap gap-2" aria-hidden>
            {[...new Set(typed)].filter((n) => Number.isInteger(n) && n > 0).sort((a, b) => a - b).map((p) => (
              <span key={p} className="rounded-lg border border-border bg-surface-2 px-3.5 py-2 text-center">
                <span className="block font-display text-xl leading-none text-foreground">{p}%</span>
                <span className="mt-1 block text-xs text-muted">{formatMoney((200 * p) / 100)}</span>
              </span>
            ))}
            <span className="rounded-lg border border-border bg-surface-2 px-3.5 py-2 text-center">
              <span className="block font-display text-xl leading-none text-foreground">Custom</span>
              <span className="mt-1 block text-xs text-muted">Your amount</span>
            </span>
          </div>
        </div>
        <div className="flex justify-end gap-3 lg:col-span-2">
          <Button type="button" variant="ghost" disabled={!dirty || save.isPending} onClick={() => form.reset({ slots: toSlots(saved) })}>
            Revert
          </Button>
          <Button type="submit" disabled={!dirty || save.isPending}>
            {save.isPending ? "Saving…" : "Save Tip Presets"}
          </Button>
        </div>
      </form>
    </Panel>
  );
}

function PolicyPanel({ data }: { data: PaymentsOverview }) {
  const { cutoffHours, feePercent } = data.cancellation;
  return (
    <Panel className="p-7 sm:p-9" aria-labelledby="payment-policy-title">
      <PanelHeading id="payment-policy-title" icon={ScrollText} title="Cancellation and card holds" description="The terms customers accept when they book." />
      <div className="mt-7 grid gap-6 lg:grid-cols-2">
        <div className="rounded-xl border border-border/80 bg-surface-2/40 p-5">
          <h3 className="text-xs font-medium uppercase tracking-[0.2em] text-gold">Cancellation</h3>
          <p className="mt-3 text-sm leading-relaxed text-foreground" data-testid="payments-cancellation">
            Free until {cutoffHours} hours before pickup; after that, a fee of {feePercent}% of the fare.
          </p>
          <Link to="/admin/settings?tab=operations" className="mt-4 inline-flex min-h-10 items-center text-sm text-gold underline-offset-4 hover:underline">
            Change the cut-off and fee in Operations
          </Link>
        </div>
        <div className="rounded-xl border border-border/80 bg-surface-2/40 p-5">
          <h3 className="text-xs font-medium uppercase tracking-[0.2em] text-gold">Card authorisation</h3>
          <ul className="mt-3 grid gap-2.5 text-sm leading-relaxed text-foreground/90">
            {data.authorisationWindow.map((line) => (
              <li key={line} className="flex gap-2.5">
                <span className="mt-2 size-1.5 shrink-0 rounded-full bg-gold/70" aria-hidden />
                {line}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Panel>
  );
}
