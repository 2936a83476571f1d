// The arriving flight of an airport pickup: the airline (our short table) and the number. The quote looks the flight
// up and answers its scheduled landing; the form then suggests (and sets once) a pickup half an hour after it.
import { AIRLINES, clockLabel } from "@meridian/shared/flights";
import type { RideFormInput } from "@meridian/shared/ride-form";
import type { QuoteFlight } from "@meridian/shared/booking";
import { Plane } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { useFormContext } from "react-hook-form";
import { TextField } from "@/components/form/fields";
import { Field, useFieldControl } from "@/components/ui/label";
import { cn } from "@/lib/utils";

function AirlineSelect(props: ComponentProps<"select">) {
  return (
    <select {...useFieldControl(props, "h-11 px-3 [color-scheme:dark] focus:ring-2 focus:ring-gold/50")}>
      {AIRLINES.map((a) => (
        <option key={a.iata} value={a.iata}>
          {a.name} ({a.iata})
        </option>
      ))}
    </select>
  );
}

/** Inside the ride form (its airline and flightNumber fields). */
export function FlightFields({
  error,
  flight,
  time,
  onUseTime,
}: {
  /** The quote's message about the flight (not found, ...), shown while the form has none. */
  error?: string;
  /** The quote's answer for the flight, once found. */
  flight: QuoteFlight | null;
  time: string;
  onUseTime: (time: string) => void;
}) {
  const { register } = useFormContext<RideFormInput>();
  return (
    <fieldset className="space-y-3 rounded-lg border border-gold/25 bg-gold/[0.04] p-4">
      <legend className="flex items-center gap-1.5 px-1 text-xs uppercase tracking-[0.16em] text-gold">
        <Plane className="size-3.5" aria-hidden /> Arriving flight
      </legend>
      <div className="grid grid-cols-[minmax(0,1fr)_7.5rem] gap-3">
        <Field label="Airline" htmlFor="ride-airline">
          <AirlineSelect id="ride-airline" {...register("airline")} />
        </Field>
        <TextField<RideFormInput> name="flightNumber" label="Flight number" id="ride-flight" error={error} inputMode="numeric" autoComplete="off" placeholder="100" maxLength={8} />
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
