// An airport pickup's flight as the chauffeur, the desk and the customer see it: the flight and where it stands
// ("Flight AA100 from JFK · Landing 3:20 PM, 45 min late · Terminal 4") and, when the flight moved the pickup,
// from which time. One component for every screen, fed by the shared view (RideFlightView).
import { clockLabel, flightStatusLine, type RideFlightView } from "@meridian/shared/flights";
import { Plane } from "lucide-react";
import { cn } from "@/lib/utils";

export function FlightStatus({ flight, pickupTime, className }: { flight: RideFlightView; pickupTime: string; className?: string }) {
  const moved = flight.bookedTime !== pickupTime;
  const trouble = flight.phase === "cancelled" || flight.phase === "diverted";
  return (
    <div data-testid="flight-status" className={cn("space-y-0.5 text-sm", className)}>
      <p className={cn("flex items-start gap-1.5", trouble ? "text-danger" : flight.delayMinutes !== 0 ? "text-gold" : "text-muted")}>
        <Plane className="mt-0.5 size-4 shrink-0" aria-hidden />
        <span>{flightStatusLine(flight)}</span>
      </p>
      {moved ? <p className="pl-[1.375rem] text-xs text-muted">Pickup moved with the flight (booked for {clockLabel(flight.bookedTime)})</p> : null}
    </div>
  );
}
