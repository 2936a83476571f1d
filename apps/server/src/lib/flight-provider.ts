// The flight-status provider (the port every domain sees, in lib; its implementations in flights/): one call, a
// flight's status on its arrival day. The embedded default simulates
// schedules and delays from the flight number and date (embedded.ts); AeroDataBox answers for real
// (aerodatabox.ts). Both are held to one contract suite (test/flight-provider-contract.ts).
import type { FlightStatus } from "@meridian/shared/flights";

export type FlightQuery = {
  /** Canonical, e.g. "AA100". */
  flightNumber: string;
  /** The arrival's local date, YYYY-MM-DD. */
  date: string;
  /** IATA code of the pickup airport, when known: the leg that lands there is chosen. */
  arrivalAirport?: string | null;
};

export class FlightError extends Error {
  constructor(
    readonly code: "provider_error" | "provider_unavailable",
    message: string,
  ) {
    super(message);
  }
}

export interface FlightProvider {
  readonly kind: "embedded" | "aerodatabox";
  /** The flight's status as of `now` (the embedded simulation's clock; a real provider answers as of its own), or null when there is no such flight. */
  status(query: FlightQuery, now?: Date): Promise<FlightStatus | null>;
}
