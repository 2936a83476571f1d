// Settings → Maps: the maps provider the server runs (GEO_PROVIDER) and its live health (a lookup and a route,
// timed), the service area quotes accept (counties, or a radius in miles from the base), and a preview image of
// the saved area drawn by the server.
import { mapsSettingsSchema, type MapsSettings } from "@meridian/shared/settings";
import { serviceAreaLabel } from "@meridian/shared/service-area";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CircleCheck, CircleX, Map as MapIcon, RefreshCw } from "lucide-react";
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm, useFormState, useWatch } from "react-hook-form";
import { z } from "zod";
import { NumberField, numberOr, TextField } from "@/components/form/fields";
import { applyServerFieldErrors, Form } from "@/components/form/form";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { api } from "@/lib/api";
import { mapsOverviewSchema } from "@meridian/shared/settings/answers";
import { notifyError, notifySuccess } from "@/lib/notify";
import { cn } from "@/lib/utils";
import { Panel } from "@/components/ui/panel";
import { PanelHeading } from "./settings-ui";
import { adminKeys } from "@/lib/query-keys";

type MapsAnswer = z.output<typeof mapsOverviewSchema>;
type Area = MapsSettings["serviceArea"];

const mapsQueryOptions = queryOptions({ queryKey: adminKeys.maps(), queryFn: () => api("/api/admin/settings/maps", mapsOverviewSchema) });

function useSaveMaps() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: MapsSettings) => api("/api/admin/settings/maps", mapsOverviewSchema, { method: "PUT", json: input }),
    onSuccess: (data) => {
      qc.setQueryData(mapsQueryOptions.queryKey, data);
      return qc.invalidateQueries({ queryKey: adminKeys.audit() });
    },
  });
}

export function MapsTab() {
  const q = useQuery(mapsQueryOptions);
  if (q.isPending)
    return (
      <Panel className="grid place-items-center py-16">
        <Spinner />
      </Panel>
    );
  if (q.isError) return <Panel className="p-8 text-sm text-danger">{q.error.message}</Panel>;
  return (
    <div className="grid gap-6">
      <ProviderPanel data={q.data} checking={q.isFetching} onCheck={() => void q.refetch()} />
      <AreaPanel key={JSON.stringify(q.data.maps)} data={q.data} />
    </div>
  );
}

function CheckRow({ label, check }: { label: string; check: MapsAnswer["health"]["lookup"] }) {
  return (
    <div className="flex items-start gap-3 rounded-xl border border-border/80 bg-surface-2/50 px-4 py-3.5">
      {check.ok ? <CircleCheck className="mt-0.5 size-5 shrink-0 text-success" aria-hidden /> : <CircleX className="mt-0.5 size-5 shrink-0 text-danger" aria-hidden />}
      <div className="min-w-0 flex-1">
        <p className="text-sm text-foreground">
          {label}: <span className={check.ok ? "text-success" : "text-danger"}>{check.ok ? "working" : "failed"}</span>
          <span className="text-muted"> · {check.ms} ms</span>
        </p>
        <p className="mt-0.5 text-xs text-muted">{check.summary}</p>
      </div>
    </div>
  );
}

function ProviderPanel({ data, checking, onCheck }: { data: MapsAnswer; checking: boolean; onCheck: () => void }) {
  return (
    <Panel className="p-7 sm:p-9" aria-labelledby="maps-provider-title">
      <div className="flex flex-col gap-5 sm:flex-row sm:items-start sm:justify-between">
        <PanelHeading
          icon={MapIcon}
          id="maps-provider-title"
          title="Maps"
          description={
            <>
              Provider in use: <span className="text-foreground" data-testid="maps-provider">{data.provider.label}</span>. It is chosen on the server (GEO_PROVIDER); its keys never leave it.
            </>
          }
        />
        <Button variant="outline" onClick={onCheck} disabled={checking}>
          <RefreshCw className={cn(checking && "animate-spin")} /> {checking ? "Checking…" : "Check again"}
        </Button>
      </div>
      <div className="mt-6 grid gap-3 lg:grid-cols-2" aria-live="polite" data-testid="maps-health">
        <CheckRow label="Test lookup" check={data.health.lookup} />
        <CheckRow label="Test route" check={data.health.route} />
      </div>
    </Panel>
  );
}

const DEFAULT_BASE = { label: "Downtown Los Angeles", lat: 34.0522, lng: -118.2437 };

/** The form keeps both kinds' fields (switching back and forth loses nothing); what is saved is the chosen kind's. */
type AreaForm = { serviceArea: { kind: Area["kind"]; counties: string[]; radiusMiles: number; base: { label: string; lat: number; lng: number } } };
const areaFormSchema = z
  .object({ serviceArea: z.object({
      kind: z.enum(["counties", "radius"]),
      counties: z.array(z.string()),
      radiusMiles: z.number().or(z.nan()),
      base: z.object({ label: z.string(), lat: z.number().or(z.nan()), lng: z.number().or(z.nan()) }),
    }) })
  .transform(({ serviceArea: a }) => ({ serviceArea: a.kind === "counties" ? { kind: a.kind, counties: a.counties } : { kind: a.kind, radiusMiles: a.radiusMiles, base: a.base } }))
  .pipe(mapsSettingsSchema);
const FIELDS = ["serviceArea.counties", "serviceArea.radiusMiles", "serviceArea.base.label", "serviceArea.base.lat", "serviceArea.base.lng"] as const;
const typed = numberOr(Number.NaN);

function AreaPanel({ data }: { data: MapsAnswer }) {
  const save = useSaveMaps();
  const saved = data.maps.serviceArea;
  const form = useForm<AreaForm, unknown, MapsSettings>({
    resolver: zodResolver(areaFormSchema),
    defaultValues: {
      serviceArea: {
        kind: saved.kind,
        counties: saved.kind === "counties" ? saved.counties : [],
        radiusMiles: saved.kind === "radius" ? saved.radiusMiles : 30,
        base: saved.kind === "radius" ? saved.base : DEFAULT_BASE,
      },
    },
  });
  const kind = useWatch({ control: form.control, name: "serviceArea.kind" });
  const counties = useWatch({ control: form.control, name: "serviceArea.counties" });
  const countiesError = useFormState({ control: form.control, name: "serviceArea.counties" }).errors.serviceArea?.counties?.message;
  const choices = [...new Set([...data.knownCounties, ...(saved.kind === "counties" ? saved.counties : [])])].sort();

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notifySuccess("Settings Saved", `Quotes now accept ${serviceAreaLabel(values.serviceArea)}.`);
    } catch (err) {
      applyServerFieldErrors(err, form.setError, FIELDS);
      notifyError("Could not save settings", err);
    }
  });

  return (
    <Panel className="p-7 sm:p-9" aria-labelledby="maps-area-title">
      <h2 id="maps-area-title" className="font-display text-3xl text-foreground">
        Service area
      </h2>
      <p className="mt-2 max-w-2xl text-sm leading-relaxed text-muted">
        Quotes accept {serviceAreaLabel(saved)} (a valet event's venue likewise); anywhere else is refused with a sentence naming the area. A ride may end outside it.
      </p>
      <div className="mt-7 grid gap-8 xl:grid-cols-[minmax(0,1fr)_480px]">
        <Form form={form} onSubmit={onSubmit} className="grid content-start gap-6">
          <fieldset>
            <legend className="mb-3 text-sm font-medium text-foreground">Quotes accept</legend>
            <div className="flex flex-wrap gap-3">
              {(
                [
                  ["counties", "Counties"],
                  ["radius", "A radius from the base"],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className={cn("flex min-h-11 cursor-pointer items-center gap-2.5 rounded-full border px-4 text-sm", kind === value ? "border-gold/60 bg-gold/[0.08] text-foreground" : "border-border text-foreground/80")}>
                  <input type="radio" value={value} {...form.register("serviceArea.kind")} className="accent-[var(--color-gold)]" />
                  {label}
                </label>
              ))}
            </div>
          </fieldset>

          {kind === "counties" ? (
            <fieldset aria-describedby={countiesError ? "area-counties-error" : undefined}>
              <legend className="mb-3 text-sm font-medium text-foreground">Counties served</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {[...new Set([...choices, ...counties])].sort().map((c) => (
                  <label key={c} className="flex min-h-10 cursor-pointer items-center gap-2.5 rounded-lg px-2 text-sm text-foreground/90 hover:bg-white/[0.02]">
                    <input
                      type="checkbox"
                      checked={counties.includes(c)}
                      // In the order ticked (the area's sentence names them so), not the list's.
                      onChange={(e) => form.setValue("serviceArea.counties", e.target.checked ? [...counties, c] : counties.filter((x) => x !== c), { shouldDirty: true })}
                      className="size-4 accent-[var(--color-gold)]"
                    />
                    {c} County
                  </label>
                ))}
              </div>
              {countiesError ? (
                <p id="area-counties-error" role="alert" className="mt-2 text-xs text-danger">
                  {countiesError}
                </p>
              ) : null}
            </fieldset>
          ) : (
            <div className="grid gap-5 sm:grid-cols-2">
              <NumberField<AreaForm> name="serviceArea.radiusMiles" id="area-radius" label="Radius" inputMode="numeric" suffix="miles" className="pr-16" setValueAs={typed} />
              <TextField<AreaForm> name="serviceArea.base.label" id="area-base" label="Base" />
              <NumberField<AreaForm> name="serviceArea.base.lat" id="area-lat" label="Base latitude" step="any" setValueAs={typed} />
              <NumberField<AreaForm> name="serviceArea.base.lng" id="area-lng" label="Base longitude" step="any" setValueAs={typed} />
            </div>
          )}
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving…" : "Save Service Area"}
            </Button>
          </div>
        </Form>
        <figure className="overflow-hidden rounded-xl border border-border/80 bg-background">
          <img
            src={`/api/admin/settings/maps/preview.svg?v=${encodeURIComponent(JSON.stringify(saved))}`}
            alt={`Map of the service area: ${serviceAreaLabel(saved)}`}
            width={480}
            height={340}
            className="block h-auto w-full"
          />
          <figcaption className="border-t border-border/80 px-4 py-2.5 text-xs text-muted">The saved area: {serviceAreaLabel(saved)}.</figcaption>
        </figure>
      </div>
    </Panel>
  );
}
