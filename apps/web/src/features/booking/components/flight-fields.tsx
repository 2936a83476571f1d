// The arriving flight of an airport pickup: the airline (our short table) and the number. The quote looks the flight
// up and answers its scheduled landing; the form then suggests (and sets once) a pickup half an hour after it.
import { AIRLINES, FLIGHT_NUMBER_MESSAGE, canonicalFlightNumber, clockLabel } from "@meridian/shared/flights";
import type { QuoteFlight } from "@meridian/shared/booking";
import { Plane } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Field, useFieldAria } from "@/components/ui/label";
import { cn } from "@/lib/utils";

/** The flight number the two fields make ("AA" + "100"; a number typed with its airline code wins), or null while empty. */
export function flightNumberOf(airline: string, typed: string): { value: string | null; error?: string } {
  const text = typed.trim().toUpperCase().replace(/\s+/g, "");
  if (!text) return { value: null };
  const full = /[A-Z]/.test(text) ? text : `${airline}${text}`;
  const canonical = canonicalFlightNumber(full);
  return canonical ? { value: canonical } : { value: null, error: FLIGHT_NUMBER_MESSAGE };
}

function AirlineSelect(props: ComponentProps<"select">) {
  return (
    <select
      {...props}
      {...useFieldAria(props)}
      className="h-11 w-full rounded-md border border-border bg-surface-2 px-3 text-sm text-foreground [color-scheme:dark] focus:border-gold/70 focus:outline-none focus:ring-2 focus:ring-gold/50"
    >
      {AIRLINES.map((a) => (
        <option key={a.iata} value={a.iata}>
          {a.name} ({a.iata})
        </option>
      ))}
    </select>
  );
}

export function FlightFields({
  airline,
  number,
  onAirline,
  onNumber,
  error,
  flight,
  time,
  onUseTime,
}: {
  airline: string;
  number: string;
  onAirline: (v: string) => void;
  onNumber: (v: string) => void;
  error?: string;
  /** The quote's answer for the flight, once found. */
  flight: QuoteFlight | null;
  time: string;
  onUseTime: (time: string) => void;
}) {
  return (
    <fieldset className="space-y-3 rounded-lg border border-gold/25 bg-gold/[0.04] p-4">
      <legend className="flex items-center gap-1.5 px-1 text-xs uppercase tracking-[0.16em] text-gold">
        <Plane className="size-3.5" aria-hidden /> Arriving flight
      </legend>
      <div className="grid grid-cols-[minmax(0,1fr)_7.5rem] gap-3">
        <Field label="Airline" htmlFor="ride-airline">
          <AirlineSelect id="ride-airline" value={airline} onChange={(e) => onAirline(e.target.value)} />
        </Field>
        <Field label="Flight number" htmlFor="ride-flight" error={error}>
          <Input id="ride-flight" inputMode="numeric" autoComplete="off" placeholder="100" maxLength={8} value={number} onChange={(e) => onNumber(e.target.value)} />
        </Field>
      </div>
      {flight ? (
        <div data-testid="flight-found" className="space-y-2 text-sm">
          <p className="text-foreground/90">
            {flight.flightNumber}
            {flight.origin ? ` from ${flight.origin}` : ""} is scheduled to land at {clockLabel(flight.scheduledTime)}
            {flight.terminal ? `, terminal ${flight.terminal}` : ""}. We follow it and move your pickup if it lands early or late.
          </p>
          {flight.suggestedTime !== time ? (
            <Button type="button" variant="outline" size="sm" onClick={() => onUseTime(flight.suggestedTime)}>
              Use {clockLabel(flight.suggestedTime)} (30 min after landing)
            </Button>
          ) : (
            <p className={cn("text-xs text-muted")}>Pickup set to {clockLabel(flight.suggestedTime)}, about 30 minutes after landing: change the time above if you need longer.</p>
          )}
        </div>
      ) : (
        <p className="text-xs text-muted">Give your flight and we will time the pickup to your landing, and follow it if it is late or early.</p>
      )}
    </fieldset>
  );
}
