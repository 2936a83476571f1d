// PUT /api/admin/flights/:flightNumber/:date (admins; embedded flight provider only): the admin's "set delay" for a
// demo or a test: this flight on this arrival date lands `delayMinutes` late (negative: early), or is cancelled or diverted.
// Audited. The follow job (follow.ts) sees the change on its next look.
import { Hono } from "hono";
import { z } from "zod";
import { FLIGHT_NUMBER_PATTERN, FLIGHT_PROVIDER_NOT_EMBEDDED, flightParamsSchema, flightStatusSchema, setFlightDelaySchema } from "@meridian/shared/flights";
import { writeAudit } from "../lib/audit";
import type { AppEnv } from "../lib/context";
import { conflict } from "../lib/errors";
import { caller, routesFor, type Parameter } from "../lib/openapi";
import { parseWith } from "../lib/validate";
import type { EmbeddedFlightProvider } from "./embedded";

const admin$ = routesFor("admin", ["Admin: operations"]);
const params: Parameter[] = [
  { in: "path", name: "flightNumber", required: true, description: "Airline code and number, e.g. AA100", schema: { type: "string", pattern: FLIGHT_NUMBER_PATTERN } },
  { in: "path", name: "date", required: true, description: "The arrival's local date, YYYY-MM-DD", schema: { type: "string", format: "date" } },
];

export const adminFlightRoutes = new Hono<AppEnv>().put(
  "/flights/:flightNumber/:date",
  admin$(
    "Set a flight's delay (embedded flight simulation only)",
    { 200: z.object({ flight: flightStatusSchema.nullable() }), 409: { description: "The flight provider is not the embedded simulation" } },
    { body: setFlightDelaySchema, parameters: params },
  ),
  async (c) => {
    const { db, actor } = caller(c);
    const { flightNumber, date } = parseWith(flightParamsSchema, { flightNumber: c.req.param("flightNumber"), date: c.req.param("date") });
    const change = c.req.valid("json");
    const provider = c.get("deps").flights;
    if (provider.kind !== "embedded") throw conflict(FLIGHT_PROVIDER_NOT_EMBEDDED, "not_embedded");
    const embedded = provider as EmbeddedFlightProvider;
    const before = await embedded.override(flightNumber, date);
    const after = { delayMinutes: change.delayMinutes, cancelled: change.cancelled ?? false, diverted: change.diverted ?? false };
    await db.transaction(async (tx) => {
      await embedded.setDelay(flightNumber, date, after, actor.id, tx);
      await writeAudit(tx, actor, { action: "flight.delay_set", entity: "flight", entityId: `${flightNumber}/${date}`, before, after });
    });
    return c.json({ flight: await embedded.status({ flightNumber, date }) });
  },
);
