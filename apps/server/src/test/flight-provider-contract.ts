// The flight provider contract: one suite run against every implementation (flights.test.ts: the embedded
// simulation on the database, AeroDataBox against a local server replaying its answers). Each harness says which
// flight (and which moment) plays each case.
import { describe, expect, it } from "vitest";
import { minutesBetween } from "@meridian/shared/flights";
import type { FlightProvider, FlightQuery } from "../lib/flight-provider";

export const flightCases = ["scheduled", "delayed", "early", "cancelled", "diverted", "landed", "unknown"] as const;
export type FlightCase = (typeof flightCases)[number];

export type FlightContractHarness = {
  provider: () => FlightProvider;
  /** The flight playing this case and the moment to ask at; `delayMinutes`: the delay (or advance, negative) it has. */
  setUp: (c: FlightCase) => Promise<{ query: FlightQuery; now: Date; delayMinutes?: number }>;
};

export function describeFlightContract(name: string, h: FlightContractHarness) {
  describe(`flight provider contract: ${name}`, () => {
    it("a scheduled flight: its timetable arrival, on time, not yet flying", async () => {
      const { query, now } = await h.setUp("scheduled");
      const f = await h.provider().status(query, now);
      expect(f).not.toBeNull();
      expect(f).toMatchObject({ flightNumber: query.flightNumber, phase: "scheduled", delayMinutes: 0, actualArrival: null });
      expect(f!.estimatedArrival).toBe(f!.scheduledArrival);
      expect(Number.isNaN(Date.parse(f!.scheduledArrival))).toBe(false);
      if (query.arrivalAirport) expect(f!.destination).toBe(query.arrivalAirport);
    });

    it("a delayed flight: the estimate is the timetable plus the delay", async () => {
      const { query, now, delayMinutes } = await h.setUp("delayed");
      const f = (await h.provider().status(query, now))!;
      expect(f.delayMinutes).toBe(delayMinutes);
      expect(f.delayMinutes).toBeGreaterThan(0);
      expect(minutesBetween(f.scheduledArrival, f.estimatedArrival)).toBe(f.delayMinutes);
      expect(["scheduled", "en_route"]).toContain(f.phase);
    });

    it("an early flight: a negative delay, the estimate before the timetable", async () => {
      const { query, now, delayMinutes } = await h.setUp("early");
      const f = (await h.provider().status(query, now))!;
      expect(f.delayMinutes).toBe(delayMinutes);
      expect(f.delayMinutes).toBeLessThan(0);
      expect(Date.parse(f.estimatedArrival)).toBeLessThan(Date.parse(f.scheduledArrival));
    });

    it("a cancelled flight says so", async () => {
      const { query, now } = await h.setUp("cancelled");
      const f = (await h.provider().status(query, now))!;
      expect(f.phase).toBe("cancelled");
      expect(f.actualArrival).toBeNull();
    });

    it("a diverted flight says so, and has not landed where the pickup waits", async () => {
      const { query, now } = await h.setUp("diverted");
      const f = (await h.provider().status(query, now))!;
      expect(f.phase).toBe("diverted");
      expect(f.actualArrival).toBeNull();
      expect(f.baggageBelt).toBeNull();
    });

    it("a landed flight: the actual arrival is the estimate", async () => {
      const { query, now } = await h.setUp("landed");
      const f = (await h.provider().status(query, now))!;
      expect(f.phase).toBe("landed");
      expect(f.actualArrival).not.toBeNull();
      expect(f.estimatedArrival).toBe(f.actualArrival);
    });

    it("an unknown flight is null, not an error", async () => {
      const { query, now } = await h.setUp("unknown");
      expect(await h.provider().status(query, now)).toBeNull();
    });
  });
}
