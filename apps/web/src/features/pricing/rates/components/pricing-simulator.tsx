// Pricing Simulator: the itemised quote a booking would get, for a ride (the server runs the shared priceRide)
// or, in valet mode, for an event (priceValet, with the published or the draft valet rates).
import { zodResolver } from "@hookform/resolvers/zod";
import { useState, type ReactNode } from "react";
import { useForm, type FieldValues, type Path, type UseFormReturn } from "react-hook-form";
import { z } from "zod";
import { Calculator } from "lucide-react";
import { PRICING_METHOD_LABELS, simulateQuoteSchema, type PricingOverview } from "@meridian/shared/fleet";
import { pricingMethodValues, type Quote } from "@meridian/shared/pricing";
import { TIME_STEP_SECONDS, VALET_EVENT_TYPES, VALET_DEFAULTS } from "@meridian/shared/valet";
import { formatHours, simulateValetSchema, type SimulateValetInput, type ValetQuote } from "@meridian/shared/valet-pricing";
import { NativeSelectField, NumberField, numberOr, TextField } from "@/components/form/fields";
import { applyServerFieldErrors, Form } from "@/components/form/form";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { formatMoney } from "@meridian/shared/money";
import { cn } from "@/lib/utils";
import { useSimulateQuote } from "../api/simulate-quote";
import { useSimulateValet } from "../api/simulate-valet";
import { SectionLabel } from "@/components/admin/fleet-ui";

export function PricingSimulator({ overview }: { overview: PricingOverview }) {
  const [mode, setMode] = useState<"ride" | "valet">("ride");
  return (
    <Card className="p-5 sm:p-6">
      <div className="flex items-center gap-3">
        <span className="grid size-9 place-items-center rounded-full border border-gold/40 bg-gold/10 text-gold">
          <Calculator className="size-4" />
        </span>
        <div>
          <h2 className="font-display text-2xl font-medium leading-none">Pricing Simulator</h2>
          <p className="mt-1 text-xs text-muted">The exact quote a booking gets today.</p>
        </div>
      </div>
      <div role="radiogroup" aria-label="Simulate" className="mt-5 grid grid-cols-2 rounded-md border border-border bg-surface-2 p-1 text-sm">
        {(["ride", "valet"] as const).map((m) => (
          <button
            key={m}
            type="button"
            role="radio"
            aria-checked={mode === m}
            onClick={() => setMode(m)}
            className={cn("rounded px-3 py-2 transition-colors", mode === m ? "bg-gold text-background" : "text-muted hover:text-foreground")}
          >
            {m === "ride" ? "Ride" : "Event valet"}
          </button>
        ))}
      </div>
      {mode === "ride" ? <RideSimulator overview={overview} /> : <ValetSimulator />}
    </Card>
  );
}

const rideFormSchema = simulateQuoteSchema.extend({ method: z.enum(["live", ...pricingMethodValues]) });
type RideForm = z.input<typeof rideFormSchema>;
/** An emptied number is NaN: the schema's "must be a number". */
const typed = numberOr(Number.NaN);

function RideSimulator({ overview }: { overview: PricingOverview }) {
  const simulate = useSimulateQuote();
  const first = overview.vehicles[0]?.vehicle.id ?? "";
  const form = useForm<RideForm, unknown, z.output<typeof rideFormSchema>>({
    resolver: zodResolver(rideFormSchema),
    defaultValues: { vehicleTypeId: first, miles: 12, minutes: 30, method: "live" },
  });
  const { result, onSubmit } = useSimulation<Quote, RideForm>(form, ["vehicleTypeId", "miles", "minutes"], ({ method, ...trip }) =>
    simulate.mutateAsync({ ...trip, ...(method === "live" ? {} : { method }) }),
  );
  const vehicles = overview.vehicles.map(({ vehicle }) => ({ value: vehicle.id, label: `${vehicle.name}${vehicle.active ? "" : " (inactive)"}` }));
  const methods = [
    { value: "live", label: `Live: ${PRICING_METHOD_LABELS[overview.method]}` },
    ...pricingMethodValues.map((m) => ({ value: m, label: PRICING_METHOD_LABELS[m] })),
  ];

  return (
    <>
      <Form form={form} onSubmit={onSubmit} className="mt-6 space-y-4">
        <NativeSelectField<RideForm> name="vehicleTypeId" id="sim-vehicle" label="Vehicle" options={vehicles} />
        <div className="grid grid-cols-2 gap-3">
          <NumberField<RideForm> name="miles" id="sim-miles" label="Miles" suffix="mi" min={0} step={0.1} setValueAs={typed} />
          <NumberField<RideForm> name="minutes" id="sim-minutes" label="Minutes" suffix="min" min={0} step={1} setValueAs={typed} />
        </div>
        <NativeSelectField<RideForm> name="method" id="sim-method" label="Method" options={methods} />
        <SimulateButton pending={simulate.isPending} disabled={!first} />
      </Form>

      {result ? (
        <SimulatorResult
          result={result}
          heading={"quote" in result ? `${result.quote.vehicleName} · ${result.quote.miles.toFixed(1)} mi · ${result.quote.minutes} min · ${PRICING_METHOD_LABELS[result.quote.method]}` : null}
        />
      ) : null}
    </>
  );
}

/**
 * The last simulation's quote or error, and the form's submit handler: a valid form runs `run`; the server's
 * refusal of a field goes under it (`fields`), and its message in the result.
 */
function useSimulation<Q, T extends FieldValues, O = T>(form: UseFormReturn<T, unknown, O>, fields: readonly Path<T>[], run: (values: O) => Promise<Q>) {
  const [result, setResult] = useState<{ quote: Q } | { error: string } | null>(null);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      setResult({ quote: await run(values) });
    } catch (err) {
      applyServerFieldErrors(err, form.setError, fields);
      setResult({ error: err instanceof Error ? err.message : "Something went wrong" });
    }
  });
  return { result, onSubmit };
}

type Priced = { lines: readonly { kind: string; label: string; amountUsd: number }[]; totalUsd: number };

function SimulatorResult({ result, heading }: { result: { quote: Priced } | { error: string }; heading: ReactNode }) {
  return (
    <div className="mt-6 border-t border-border pt-5" aria-live="polite" data-testid="simulator-result">
      {"error" in result ? (
        <p role="alert" className="rounded-md border border-danger/40 bg-danger/10 px-3.5 py-3 text-sm text-danger">
          {result.error}
        </p>
      ) : (
        <>
          <SectionLabel>{heading}</SectionLabel>
          <ul className="mt-3 space-y-2 text-sm">
            {result.quote.lines.map((l) => (
              <li key={l.kind + l.label} className="flex justify-between gap-4">
                <span className="text-foreground/80">{l.label}</span>
                <span className="tabular-nums">{formatMoney(l.amountUsd)}</span>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex items-baseline justify-between border-t border-dashed border-border pt-4">
            <span className="text-xs uppercase tracking-[0.2em] text-muted">Total</span>
            <span className="font-display text-3xl text-gold tabular-nums" data-testid="simulator-total">
              {formatMoney(result.quote.totalUsd)}
            </span>
          </div>
        </>
      )}
    </div>
  );
}

type ValetForm = SimulateValetInput;
const eventTypes = VALET_EVENT_TYPES.map((t) => ({ value: t, label: t }));
const rateChoices = [
  { value: "published", label: "Published valet rates" },
  { value: "draft", label: "Saved draft" },
];

function ValetSimulator() {
  const simulate = useSimulateValet();
  const form = useForm<ValetForm>({
    resolver: zodResolver(simulateValetSchema),
    defaultValues: { rates: "published", eventType: VALET_DEFAULTS.eventType, startTime: VALET_DEFAULTS.startTime, endTime: VALET_DEFAULTS.endTime, expectedVehicles: 100 },
  });
  const { result, onSubmit } = useSimulation<ValetQuote, ValetForm>(form, ["eventType", "startTime", "endTime", "expectedVehicles"], (values) => simulate.mutateAsync(values));

  return (
    <>
      <Form form={form} onSubmit={onSubmit} className="mt-6 space-y-4">
        <NativeSelectField<ValetForm> name="eventType" id="sim-event-type" label="Event type" options={eventTypes} />
        <div className="grid grid-cols-2 gap-3">
          <TextField<ValetForm> name="startTime" id="sim-start" label="Start" type="time" step={TIME_STEP_SECONDS} className="[color-scheme:dark]" />
          <TextField<ValetForm> name="endTime" id="sim-end" label="End" type="time" step={TIME_STEP_SECONDS} className="[color-scheme:dark]" />
        </div>
        <NumberField<ValetForm> name="expectedVehicles" id="sim-vehicles" label="Expected vehicles" suffix="cars" min={1} step={1} placeholder="Card default" setValueAs={numberOr(null)} />
        <NativeSelectField<ValetForm> name="rates" id="sim-rates" label="Rates" options={rateChoices} />
        <SimulateButton pending={simulate.isPending} />
      </Form>
      {result ? (
        <SimulatorResult
          result={result}
          heading={
            "quote" in result
              ? `${result.quote.eventLabel} · ${result.quote.attendants} attendants · ${formatHours(result.quote.billableHours)} h · ${result.quote.expectedVehicles} cars`
              : null
          }
        />
      ) : null}
    </>
  );
}

function SimulateButton({ pending, disabled = false }: { pending: boolean; disabled?: boolean }) {
  return (
    <Button type="submit" className="w-full" disabled={disabled || pending}>
      {pending ? <Spinner className="size-4 border-background/30 border-t-background" /> : null}
      Simulate Quote
    </Button>
  );
}
