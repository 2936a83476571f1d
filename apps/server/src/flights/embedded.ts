// The embedded flight provider: no network, no key. Every flight number and date has a schedule and a delay
// simulated deterministically from a hash of the two (so a demo and a test see the same flight every time), and an
// admin can set a flight's delay (or cancel or divert it) for a demo or a test: PUT /api/admin/flights/:flightNumber/:date,
// kept in flight_overrides so every server process sees it.
//
// The simulation: the flight lands at the pickup airport (LAX when none is given) between 06:00 and 22:55 local
// time, after 1 to 6 hours in the air from one of a few origins; 70% land on time, 15% late (10 to 90 minutes),
// 12% early (5 to 25 minutes), 3% are cancelled. Flight numbers 9000 to 9999 do not exist (unknown flight).
// Before departure the flight is "scheduled", then "en_route", then "landed" at its estimated arrival.
import { and, eq } from "drizzle-orm";
import { airlineOf, flightNumberParts, type FlightStatus } from "@meridian/shared/flights";
import { zonedInstant } from "@meridian/shared/zoned-time";
import type { Db, Tx } from "../db/client";
import { flightOverrides } from "../db/schema";
import type { FlightProvider, FlightQuery } from "../lib/flight-provider";

/** The simulated airports' clock (Southern California). */
export const SIMULATION_TIME_ZONE = "America/Los_Angeles";
const ORIGINS = ["JFK", "ORD", "DFW", "SEA", "DEN", "ATL", "BOS", "SFO", "LHR", "NRT", "HNL", "YVR"];

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export type SimulatedFlight = { exists: false } | { exists: true; scheduledArrival: Date; durationMinutes: number; origin: string; delayMinutes: number; cancelled: boolean; terminal: string };

/** The simulated flight before any admin override. */
export function simulateFlight(flightNumber: string, date: string): SimulatedFlight {
  if (Number(flightNumberParts(flightNumber).number) >= 9000) return { exists: false };
  const h = hash(`${flightNumber}|${date}`);
  const h2 = hash(`${date}|${flightNumber}|delay`);
  const minuteOfDay = 6 * 60 + (h % 204) * 5; // 06:00 .. 22:55
  const time = `${String(Math.floor(minuteOfDay / 60)).padStart(2, "0")}:${String(minuteOfDay % 60).padStart(2, "0")}`;
  const roll = h2 % 100;
  const delayMinutes = roll < 70 ? 0 : roll < 85 ? 10 + ((h2 >>> 8) % 17) * 5 : roll < 97 ? -(5 + ((h2 >>> 8) % 5) * 5) : 0;
  return {
    exists: true,
    scheduledArrival: zonedInstant(date, time, SIMULATION_TIME_ZONE),
    durationMinutes: 60 + ((h >>> 10) % 61) * 5,
    origin: ORIGINS[(h >>> 16) % ORIGINS.length]!,
    delayMinutes,
    cancelled: roll >= 97,
    terminal: String(1 + ((h >>> 20) % 8)),
  };
}

export type EmbeddedFlightProvider = FlightProvider & {
  kind: "embedded";
  /** The admin's "set delay": this flight on this date is `delayMinutes` late (negative: early), cancelled, or diverted. */
  setDelay(flightNumber: string, date: string, change: { delayMinutes: number; cancelled?: boolean; diverted?: boolean }, actorId?: string | null, tx?: Tx): Promise<void>;
  /** The admin's override of this flight, if any. */
  override(flightNumber: string, date: string): Promise<{ delayMinutes: number; cancelled: boolean; diverted: boolean } | null>;
};

export function createEmbeddedFlightProvider(db: Db): EmbeddedFlightProvider {
  const override = async (flightNumber: string, date: string) => {
    const [row] = await db
      .select({ delayMinutes: flightOverrides.delayMinutes, cancelled: flightOverrides.cancelled, diverted: flightOverrides.diverted })
      .from(flightOverrides)
      .where(and(eq(flightOverrides.flightNumber, flightNumber), eq(flightOverrides.date, date)));
    return row ?? null;
  };
  return {
    kind: "embedded",
    override,
    async setDelay(flightNumber, date, change, actorId = null, tx) {
      const values = { flightNumber, date, delayMinutes: change.delayMinutes, cancelled: change.cancelled ?? false, diverted: change.diverted ?? false, updatedBy: actorId, updatedAt: new Date() };
      await (tx ?? db)
        .insert(flightOverrides)
        .values(values)
        .onConflictDoUpdate({
          target: [flightOverrides.flightNumber, flightOverrides.date],
          set: { delayMinutes: values.delayMinutes, cancelled: values.cancelled, diverted: values.diverted, updatedBy: actorId, updatedAt: values.updatedAt },
        });
    },
    async status(query: FlightQuery, now = new Date()): Promise<FlightStatus | null> {
      const sim = simulateFlight(query.flightNumber, query.date);
      if (!sim.exists) return null;
      const set = await override(query.flightNumber, query.date);
      const delayMinutes = set ? set.delayMinutes : sim.delayMinutes;
      const cancelled = set ? set.cancelled : sim.cancelled;
      // Diverted only by an admin (a demo or a test): the simulation's own flights land where they are going.
      const diverted = !cancelled && (set?.diverted ?? false);
      const estimated = new Date(sim.scheduledArrival.getTime() + (cancelled ? 0 : delayMinutes) * 60_000);
      const departs = estimated.getTime() - sim.durationMinutes * 60_000;
      const phase = cancelled ? "cancelled" : diverted ? "diverted" : now.getTime() < departs ? "scheduled" : now.getTime() < estimated.getTime() ? "en_route" : "landed";
      const { airline } = flightNumberParts(query.flightNumber);
      return {
        flightNumber: query.flightNumber,
        airlineName: airlineOf(airline)?.name ?? null,
        origin: sim.origin,
        destination: query.arrivalAirport ?? "LAX",
        phase,
        scheduledArrival: sim.scheduledArrival.toISOString(),
        estimatedArrival: estimated.toISOString(),
        actualArrival: phase === "landed" ? estimated.toISOString() : null,
        delayMinutes: cancelled ? 0 : delayMinutes,
        terminal: sim.terminal,
        gate: null,
        baggageBelt: phase === "landed" ? String(1 + (Math.abs(delayMinutes) % 9)) : null,
      };
    },
  };
}
