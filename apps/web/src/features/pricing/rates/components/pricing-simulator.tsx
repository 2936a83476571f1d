// Pricing Simulator: the itemised quote a booking would get, for a ride (the server runs the shared priceRide)
// or, in valet mode, for an event (priceValet, with the published or the draft valet rates).
import { useState, type ComponentProps, type FormEvent, type ReactNode } from "react";
import { Calculator, ChevronDown } from "lucide-react";
import { PRICING_METHOD_LABELS, type PricingOverview } from "@meridian/shared/fleet";
import type { PricingMethod, Quote } from "@meridian/shared/pricing";
import { TIME_STEP_SECONDS, VALET_EVENT_TYPES, VALET_DEFAULTS, type ValetEventType } from "@meridian/shared/valet";
import { formatHours, type ValetQuote } from "@meridian/shared/valet-pricing";
import { Input } from "@/components/ui/input";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { formatMoney } from "@meridian/shared/money";
import { cn } from "@/lib/utils";
import { useSimulateQuote } from "../api/simulate-quote";
import { useSimulateValet } from "../api/simulate-valet";
import { SectionLabel, UnitInput } from "@/components/admin/fleet-ui";

const selectClass =
  "h-11 w-full cursor-pointer appearance-none rounded-md border border-border bg-surface-2 px-3.5 pr-10 text-sm text-foreground focus:border-gold/70 focus:outline-none focus:ring-1 focus:ring-gold/40";

function SelectBox(props: ComponentProps<"select">) {
  return (
    <div className="relative">
      <select className={selectClass} {...props} />
      <ChevronDown className="pointer-events-none absolute right-3.5 top-1/2 size-4 -translate-y-1/2 text-gold" />
    </div>
  );
}

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

function RideSimulator({ overview }: { overview: PricingOverview }) {
  const [vehicleId, setVehicleId] = useState("");
  const [miles, setMiles] = useState("12");
  const [minutes, setMinutes] = useState("30");
  const [method, setMethod] = useState<"live" | PricingMethod>("live");
  const simulate = useSimulateQuote();
  const chosen = vehicleId || overview.vehicles[0]?.vehicle.id || "";
  const { result, onSubmit } = useSimulation<Quote>(() =>
    simulate.mutateAsync({
      vehicleTypeId: chosen,
      miles: miles.trim() === "" ? Number.NaN : Number(miles),
      minutes: minutes.trim() === "" ? Number.NaN : Number(minutes),
      ...(method === "live" ? {} : { method }),
    }),
  );

  return (
    <>
      <form onSubmit={onSubmit} className="mt-6 space-y-4">
        <div>
          <Label htmlFor="sim-vehicle">Vehicle</Label>
          <SelectBox id="sim-vehicle" value={chosen} onChange={(e) => setVehicleId(e.target.value)}>
            {overview.vehicles.map(({ vehicle }) => (
              <option key={vehicle.id} value={vehicle.id}>
                {vehicle.name}
                {vehicle.active ? "" : " (inactive)"}
              </option>
            ))}
          </SelectBox>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <Label htmlFor="sim-miles">Miles</Label>
            <UnitInput id="sim-miles" suffix="mi" min={0} step={0.1} value={miles} onChange={(e) => setMiles(e.target.value)} />
          </div>
          <div>
            <Label htmlFor="sim-minutes">Minutes</Label>
            <UnitInput id="sim-minutes" suffix="min" min={0} step={1} value={minutes} onChange={(e) => setMinutes(e.target.value)} />
          </div>
        </div>
        <div>
          <Label htmlFor="sim-method">Method</Label>
          <SelectBox id="sim-method" value={method} onChange={(e) => setMethod(e.target.value as typeof method)}>
            <option value="live">Live: {PRICING_METHOD_LABELS[overview.method]}</option>
            <option value="miles_minutes">{PRICING_METHOD_LABELS.miles_minutes}</option>
            <option value="fixed_tiers">{PRICING_METHOD_LABELS.fixed_tiers}</option>
          </SelectBox>
        </div>
        <SimulateButton pending={simulate.isPending} disabled={!chosen} />
      </form>

      {result ? (
        <SimulatorResult
          result={result}
          heading={"quote" in result ? `${result.quote.vehicleName} · ${result.quote.miles.toFixed(1)} mi · ${result.quote.minutes} min · ${PRICING_METHOD_LABELS[result.quote.method]}` : null}
        />
      ) : null}
    </>
  );
}

/** The last simulation's quote or error, and the form's submit handler that runs `run`. */
function useSimulation<Q>(run: () => Promise<Q>) {
  const [result, setResult] = useState<{ quote: Q } | { error: string } | null>(null);
  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      setResult({ quote: await run() });
    } catch (err) {
      setResult({ error: err instanceof Error ? err.message : "Something went wrong" });
    }
  };
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

function ValetSimulator() {
  const [eventType, setEventType] = useState<ValetEventType>(VALET_DEFAULTS.eventType);
  const [startTime, setStartTime] = useState<string>(VALET_DEFAULTS.startTime);
  const [endTime, setEndTime] = useState<string>(VALET_DEFAULTS.endTime);
  const [vehicles, setVehicles] = useState("100");
  const [rates, setRates] = useState<"published" | "draft">("published");
  const simulate = useSimulateValet();
  const { result, onSubmit } = useSimulation<ValetQuote>(() =>
    simulate.mutateAsync({ rates, eventType, startTime, endTime, expectedVehicles: vehicles.trim() === "" ? null : Number(vehicles) }),
  );

  return (
    <>
      <form onSubmit={onSubmit} className="mt-6 space-y-4">
        <div>
          <Label htmlFor="sim-event-type">Event type</Label>
          <SelectBox id="sim-event-type" value={eventType} onChange={(e) => setEventType(e.target.value as ValetEventType)}>
            {VALET_EVENT_TYPES.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </SelectBox>
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <Label htmlFor="sim-start">Start</Label>
            <Input id="sim-start" type="time" step={TIME_STEP_SECONDS} className="[color-scheme:dark]" value={startTime} onChange={(e) => setStartTime(e.target.value)} />
          </div>
          <div>
            <Label htmlFor="sim-end">End</Label>
            <Input id="sim-end" type="time" step={TIME_STEP_SECONDS} className="[color-scheme:dark]" value={endTime} onChange={(e) => setEndTime(e.target.value)} />
          </div>
        </div>
        <div>
          <Label htmlFor="sim-vehicles">Expected vehicles</Label>
          <UnitInput id="sim-vehicles" suffix="cars" min={1} step={1} placeholder="Card default" value={vehicles} onChange={(e) => setVehicles(e.target.value)} />
        </div>
        <div>
          <Label htmlFor="sim-rates">Rates</Label>
          <SelectBox id="sim-rates" value={rates} onChange={(e) => setRates(e.target.value as typeof rates)}>
            <option value="published">Published valet rates</option>
            <option value="draft">Saved draft</option>
          </SelectBox>
        </div>
        <SimulateButton pending={simulate.isPending} />
      </form>
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
