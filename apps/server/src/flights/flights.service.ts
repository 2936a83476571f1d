// The flight provider chosen by FLIGHT_PROVIDER: the embedded simulation (default) or AeroDataBox.
import type { Db } from "../db/client";
import type { Env } from "../env";
import { createAeroDataBoxProvider } from "./aerodatabox";
import { createEmbeddedFlightProvider } from "./embedded";
import type { FlightProvider } from "../lib/flight-provider";

export function createFlightProvider(env: Env, db: Db): FlightProvider {
  if (env.FLIGHT_PROVIDER === "aerodatabox") {
    return createAeroDataBoxProvider({ url: env.AERODATABOX_URL, apiKey: env.AERODATABOX_API_KEY!, timeoutMs: env.FLIGHT_TIMEOUT_MS });
  }
  return createEmbeddedFlightProvider(db);
}
