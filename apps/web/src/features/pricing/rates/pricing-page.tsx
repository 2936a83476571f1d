// /admin/pricing: ride pricing method (draft until Publish Changes), rate cards, fixed tiers, the valet
// rate card (a saved draft until Publish Changes) and the Pricing Simulator (ride and valet). ?tab= follows the tab; ?vehicle= scrolls to that
// vehicle's card and rings it in gold for 3 seconds.
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { Send } from "lucide-react";
import { parsePricingTab, PRICING_METHOD_LABELS } from "@meridian/shared/fleet";
import type { PricingMethod } from "@meridian/shared/pricing";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { useConfirm } from "@/components/ui/confirm-dialog";
import { notifyError, notifySuccess } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { usePricingOverview } from "./api/get-pricing-overview";
import { useValetRates } from "./api/get-valet-rates";
import { usePublishPricing } from "./api/publish-pricing";
import { PageHeading } from "@/components/admin/fleet-ui";
import { MethodPanel } from "./components/method-panel";
import { PricingSimulator } from "./components/pricing-simulator";
import { RateCardPanel, type RateCardDraft } from "./components/rate-card-panel";
import { TiersPanel } from "./components/tiers-panel";
import { ValetRatesPanel, type ValetRatesDraft } from "./components/valet-rates-panel";
import { VehicleCard, vehicleCardId } from "./components/vehicle-card";

export const PRICING_HIGHLIGHT_MS = 3000;

export default function PricingPage() {
  const [params, setParams] = useSearchParams();
  const tab = parsePricingTab(params.get("tab"));
  const vehicleParam = params.get("vehicle");
  const overview = usePricingOverview();
  const publish = usePublishPricing();
  const [draftChoice, setDraftChoice] = useState<PricingMethod | null>(null);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  // Unsaved rate-card drafts outlive a switch to another tab (Radix unmounts the hidden tab).
  const [rateCardDrafts] = useState(() => new Map<string, RateCardDraft>());
  const valetRates = useValetRates();
  const [valetEdit, setValetEdit] = useState<ValetRatesDraft | null>(null);

  const live = overview.data?.method ?? "miles_minutes";
  const draft = draftChoice ?? live;
  const methodDirty = Boolean(overview.data) && draft !== live;
  const valetUnpublished = Boolean(valetRates.data?.unpublished);
  const dirty = methodDirty || valetUnpublished;
  const loaded = Boolean(overview.data);

  useEffect(() => {
    if (overview.error) notifyError("Error fetching data", `Vehicles: ${overview.error.message}`);
  }, [overview.error]);
  useEffect(() => {
    if (valetRates.error) notifyError("Error fetching data", `Valet rates: ${valetRates.error.message}`);
  }, [valetRates.error]);

  // ?vehicle=<id>: scroll to its card on the tab shown and highlight it for 3 seconds (a tab change drops
  // ?vehicle= and so ends the highlight too).
  useEffect(() => {
    const el = vehicleParam && loaded ? document.getElementById(vehicleCardId(vehicleParam)) : null;
    if (!vehicleParam || !el) {
      setHighlightId(null);
      return;
    }
    el.scrollIntoView({ behavior: "smooth", block: "center" });
    setHighlightId(vehicleParam);
    const timer = window.setTimeout(() => setHighlightId(null), PRICING_HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [vehicleParam, tab, loaded]);

  const changeTab = (next: string) =>
    setParams(
      (p) => {
        p.set("tab", next);
        p.delete("vehicle");
        return p;
      },
      { replace: true },
    );
  const setUp = (vehicleId: string) => setParams({ tab: draft, vehicle: vehicleId });

  const { confirm, dialog } = useConfirm();
  async function onPublish() {
    const what = [
      methodDirty ? `every new ride quote uses ${PRICING_METHOD_LABELS[draft]} instead of ${PRICING_METHOD_LABELS[live]}` : null,
      valetUnpublished ? "new valet quotes use the saved valet rates" : null,
    ].filter(Boolean);
    const ok = await confirm({
      title: "Publish pricing changes?",
      description: `From now on ${what.join(", and ")}. Customers see the new prices at once; bookings already made keep their price.`,
      confirmLabel: "Publish Now",
    });
    if (!ok) return;
    try {
      const res = await publish.mutateAsync({ method: draft });
      setDraftChoice(null);
      notifySuccess("Pricing Published!", res.message);
    } catch (err) {
      notifyError("Publish Failed", err);
    }
  }

  return (
    <div className="space-y-8 pb-28">
      <PageHeading eyebrow="Ride & valet pricing" title="Pricing Rules">
        Bookings are priced with the <span className="text-gold">{PRICING_METHOD_LABELS[live]}</span> method. Changes to rates and tiers apply to new quotes at
        once; a method change and saved valet rates wait for Publish Changes.
      </PageHeading>

      <div className="grid items-start gap-8 xl:grid-cols-[minmax(0,1fr)_360px]">
        <Tabs value={tab} onValueChange={changeTab} className="min-w-0">
          <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
            <TabsTrigger value="methods" className="px-3 sm:px-4">Method</TabsTrigger>
            <TabsTrigger value="miles_minutes" className="px-3 sm:px-4">Ride: Miles/Mins</TabsTrigger>
            <TabsTrigger value="fixed_tiers" className="px-3 sm:px-4">Ride: Fixed Tiers</TabsTrigger>
            <TabsTrigger value="valet" className="px-3 sm:px-4">Valet Rates</TabsTrigger>
          </TabsList>

          {!overview.data ? (
            <div className="mt-6">
              {overview.isPending ? (
                <div className="grid place-items-center py-24">
                  <Spinner className="size-8" />
                </div>
              ) : (
                <Card className="flex flex-col items-center gap-4 py-14 text-center">
                  <p className="text-sm text-muted">Pricing could not be loaded.</p>
                  <Button variant="outline" size="sm" onClick={() => overview.refetch()}>
                    Try again
                  </Button>
                </Card>
              )}
            </div>
          ) : (
            <>
              <TabsContent value="methods">
                <MethodPanel overview={overview.data} draft={draft} onDraft={setDraftChoice} highlightId={highlightId} onSetUp={setUp} />
              </TabsContent>
              <TabsContent value="miles_minutes">
                <VehicleGrid>
                  {overview.data.vehicles.map(({ vehicle, rateCard, tiers }) => (
                    <VehicleCard key={vehicle.id} vehicle={vehicle} rateCard={rateCard} tiers={tiers} liveMethod={live} draftMethod={draft} highlighted={highlightId === vehicle.id}>
                      <RateCardPanel
                        key={`${rateCard?.perMileUsd}:${rateCard?.perMinuteUsd}:${rateCard?.active}`}
                        vehicle={vehicle}
                        rateCard={rateCard}
                        drafts={rateCardDrafts}
                      />
                    </VehicleCard>
                  ))}
                </VehicleGrid>
              </TabsContent>
              <TabsContent value="fixed_tiers">
                <VehicleGrid>
                  {overview.data.vehicles.map(({ vehicle, rateCard, tiers }) => (
                    <VehicleCard key={vehicle.id} vehicle={vehicle} rateCard={rateCard} tiers={tiers} liveMethod={live} draftMethod={draft} highlighted={highlightId === vehicle.id}>
                      <TiersPanel vehicle={vehicle} tiers={tiers} />
                    </VehicleCard>
                  ))}
                </VehicleGrid>
              </TabsContent>
              <TabsContent value="valet">
                {valetRates.data ? (
                  <ValetRatesPanel rates={valetRates.data} edit={valetEdit} onEdit={setValetEdit} />
                ) : (
                  <div className="grid place-items-center py-24">{valetRates.isPending ? <Spinner className="size-8" /> : null}</div>
                )}
              </TabsContent>
            </>
          )}
        </Tabs>

        {/* Publish Changes floats at the corner below xl (the page's bottom padding keeps the simulator's result
            clear of it); beside the simulator on wide screens it sits above it, so it never covers the result. */}
        <aside className="xl:sticky xl:top-24">
          <div className="fixed bottom-5 right-5 z-40 flex flex-col items-end gap-2 sm:bottom-8 sm:right-8 xl:static xl:mb-5 xl:items-stretch" data-testid="publish-bar">
            {methodDirty ? (
              <span className="rounded-full border border-gold/40 bg-background/90 px-3 py-1 text-xs text-gold shadow-lg backdrop-blur">
                Draft: {PRICING_METHOD_LABELS[draft]} (live: {PRICING_METHOD_LABELS[live]})
              </span>
            ) : null}
            {valetUnpublished ? (
              <span className="rounded-full border border-gold/40 bg-background/90 px-3 py-1 text-xs text-gold shadow-lg backdrop-blur">Draft: new valet rates</span>
            ) : null}
            <Button
              size="lg"
              onClick={onPublish}
              disabled={!dirty || publish.isPending}
              className={cn(
                "rounded-full shadow-[0_18px_50px_-12px_rgba(201,163,92,0.75)]",
                !dirty && "border border-border bg-surface-2 text-muted shadow-none disabled:opacity-100 max-sm:hidden",
              )}
            >
              {publish.isPending ? <Spinner className="size-4 border-background/30 border-t-background" /> : <Send />}
              Publish Changes
            </Button>
          </div>
          {overview.data ? <PricingSimulator overview={overview.data} /> : null}
        </aside>
      </div>

      {dialog}
    </div>
  );
}

function VehicleGrid({ children }: { children: React.ReactNode }) {
  return <div className="grid gap-5 2xl:grid-cols-2">{children}</div>;
}
