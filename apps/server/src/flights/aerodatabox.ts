// AeroDataBox (RapidAPI): GET /flights/number/{flight}/{dateLocal}?dateLocalRole=Arrival, the flight's legs that
// arrive on that local date (200: an array of FlightContract; 204: no such flight). Research notes:
// /work/shared/research/flights.md §1. Times come as "2024-05-27 11:05Z" (a space, no seconds): read with a "T".
// The leg chosen: the one landing at the pickup airport, the operating carrier's row before a codeshare's. The best
// arrival: touchdown (runwayTime) > the airline's estimate (revisedTime) > AeroDataBox's prediction > the timetable.
// Answers are remembered for a minute: the booking dialog asks on every change, each call is billed.
import { canonicalFlightNumber, minutesBetween, type FlightPhase, type FlightStatus } from "@meridian/shared/flights";
import type { FlightProvider, FlightQuery } from "../lib/flight-provider";
import { FlightError } from "../lib/flight-provider";

type Moment = { utc?: string; local?: string };
type Movement = {
  airport?: { iata?: string; icao?: string; name?: string; timeZone?: string };
  scheduledTime?: Moment;
  revisedTime?: Moment;
  predictedTime?: Moment;
  runwayTime?: Moment;
  terminal?: string;
  gate?: string;
  baggageBelt?: string;
};
export type AdbFlight = {
  number: string;
  status: string;
  codeshareStatus?: string;
  airline?: { name?: string; iata?: string };
  departure?: Movement;
  arrival?: Movement;
};

const iso = (m?: Moment): string | null => (m?.utc ? new Date(m.utc.replace(" ", "T")).toISOString() : null);

export function phaseOf(status: string, arrival: Movement): FlightPhase {
  switch (status) {
    case "Arrived":
      return "landed";
    case "Canceled":
    case "CanceledUncertain":
      return "cancelled";
    case "Diverted":
      return "diverted";
    case "EnRoute":
    case "Departed":
    case "Approaching":
      return arrival.runwayTime ? "landed" : "en_route";
    case "Unknown":
      return "unknown";
    default: // Expected, CheckIn, Boarding, GateClosed, Delayed
      return "scheduled";
  }
}

/** One FlightContract as the shared FlightStatus; null without a scheduled arrival. */
export function toFlightStatus(flightNumber: string, f: AdbFlight): FlightStatus | null {
  const a = f.arrival ?? {};
  const scheduled = iso(a.scheduledTime);
  if (!scheduled) return null;
  const phase = phaseOf(f.status, a);
  const actual = phase === "landed" ? (iso(a.runwayTime) ?? iso(a.revisedTime) ?? null) : null;
  const estimated = actual ?? iso(a.revisedTime) ?? iso(a.predictedTime) ?? scheduled;
  return {
    flightNumber,
    airlineName: f.airline?.name ?? null,
    origin: f.departure?.airport?.iata ?? null,
    destination: a.airport?.iata ?? null,
    phase,
    scheduledArrival: scheduled,
    estimatedArrival: estimated,
    actualArrival: actual,
    delayMinutes: phase === "cancelled" ? 0 : minutesBetween(scheduled, estimated),
    terminal: a.terminal ?? null,
    gate: a.gate ?? null,
    baggageBelt: a.baggageBelt ?? null,
  };
}

/** The leg to follow: landing at the pickup airport if one does, the operator's row first. */
export function chooseLeg(flights: AdbFlight[], arrivalAirport?: string | null): AdbFlight | undefined {
  const landingThere = arrivalAirport ? flights.filter((f) => f.arrival?.airport?.iata === arrivalAirport) : [];
  const pool = landingThere.length ? landingThere : flights;
  const rank = (f: AdbFlight) => (f.codeshareStatus === "IsOperator" ? 0 : f.codeshareStatus === "IsCodeshared" ? 2 : 1);
  return [...pool].sort((x, y) => rank(x) - rank(y))[0];
}

const MEMO_MS = 60_000;

export function createAeroDataBoxProvider(opts: { url: string; apiKey: string; timeoutMs: number; memoMs?: number }): FlightProvider {
  const memoMs = opts.memoMs ?? MEMO_MS;
  const base = opts.url.replace(/\/+$/, "");
  const host = new URL(base).host;
  const memo = new Map<string, { until: number; value: Promise<FlightStatus | null> }>();

  async function fetchStatus(q: FlightQuery): Promise<FlightStatus | null> {
    const url = `${base}/flights/number/${encodeURIComponent(q.flightNumber)}/${q.date}?dateLocalRole=Arrival&withAircraftImage=false&withLocation=false`;
    let res: Response;
    try {
      res = await fetch(url, { headers: { "X-RapidAPI-Key": opts.apiKey, "X-RapidAPI-Host": host, accept: "application/json" }, signal: AbortSignal.timeout(opts.timeoutMs) });
    } catch (err) {
      throw new FlightError("provider_unavailable", `AeroDataBox did not answer: ${String(err)}`);
    }
    if (res.status === 204 || res.status === 404) return null;
    if (!res.ok) {
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      throw new FlightError(res.status >= 500 || res.status === 429 ? "provider_unavailable" : "provider_error", `AeroDataBox answered ${res.status}: ${body?.message ?? res.statusText}`);
    }
    const flights = (await res.json()) as AdbFlight[];
    if (!Array.isArray(flights) || flights.length === 0) return null;
    const leg = chooseLeg(flights, q.arrivalAirport);
    return leg ? toFlightStatus(canonicalFlightNumber(q.flightNumber) ?? q.flightNumber, leg) : null;
  }

  return {
    kind: "aerodatabox",
    status(q) {
      const key = `${q.flightNumber}|${q.date}|${q.arrivalAirport ?? ""}`;
      const hit = memo.get(key);
      if (hit && hit.until > Date.now()) return hit.value;
      const value = fetchStatus(q);
      if (memo.size > 2000) memo.clear();
      memo.set(key, { until: Date.now() + memoMs, value });
      value.catch(() => memo.delete(key));
      return value;
    },
  };
}
