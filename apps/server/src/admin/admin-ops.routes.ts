// /api/admin operations routes: staff and shifts, operations settings (admin only), the dispatch board and
// assignment (admins and dispatchers: the desk), and cancelling a booking with a reason (admin). Thin: validate,
// check the role, call a service.
import { Hono, type Context } from "hono";
import { operationsSettingsSchema, adminCancelSchema, assignmentSchema, createShiftSchema, createStaffSchema, dispatchQuerySchema, shiftsQuerySchema } from "@meridian/shared/rides";
import type { AppEnv } from "../lib/context";
import { adminBookingResponseSchema } from "@meridian/shared/bookings/answers";
import { caller, routesFor, type Parameter } from "../lib/openapi";
import { cancelByAdmin } from "../rides/cancel.service";
import { assignRide, getDispatchBoard, unassignRide } from "../rides/dispatch.service";
import { shiftImpact } from "../rides/capacity.service";
import { addStaff, createShift, deleteShift, listShifts, listStaff } from "../rides/staff.service";
import { getOperationsSettings, updateOperationsSettings } from "../settings/settings.service";
import { getBooking } from "../bookings";
import { idParam } from "../lib/validate";
import { unitInputSchema, unitResponseSchema, unitsQuerySchema, unitsResponseSchema, unitUpdateSchema } from "@meridian/shared/fleet-units";
import { createUnit, listUnits, updateUnit } from "./fleet/units.service";
import {
  dispatchBoardSchema,
  operationsSettingsResponseSchema,
  shiftResponseSchema,
  shiftsResponseSchema,
  shiftWarningsResponseSchema,
  staffCreatedSchema,
  staffListResponseSchema,
} from "@meridian/shared/rides/answers";

const admin$ = routesFor("admin", ["Admin: operations"]);
const desk$ = routesFor(["dispatcher"], ["Admin: dispatch"]);
/** The fleet's cars: listed with the vehicle types and pricing in the document, served here with dispatch, which assigns them. */
const fleetUnits$ = routesFor("admin", ["Admin: fleet and pricing"]);
const id = (what: string): Parameter[] => [{ in: "path", name: "id", required: true, description: `The ${what}'s id (not a UUID: 404)`, schema: { type: "string", format: "uuid" } }];
const bookingAnswer = adminBookingResponseSchema;

/** A change to the cars or shifts, once made: quotes cache what is free, so the next quote reads it again. */
async function recounted<T>(c: Context<AppEnv>, change: Promise<T>): Promise<T> {
  const changed = await change;
  c.get("deps").availability.invalidate();
  return changed;
}

export const adminOpsRoutes = new Hono<AppEnv>()
  // ---- Fleet units: the cars of each vehicle type
  .get("/fleet/units", fleetUnits$("The fleet's cars, by vehicle type then plate", { 200: unitsResponseSchema }, { query: unitsQuerySchema }), async (c) => {
    const { db } = caller(c);
    return c.json({ units: await listUnits(db, c.req.valid("query")) });
  })
  .post("/fleet/units", fleetUnits$("Add a car to the fleet", { 201: unitResponseSchema, 404: { description: "No such vehicle type" }, 409: { description: "Another car has this plate" } }, { body: unitInputSchema }), async (c) => {
    const { db, actor } = caller(c);
    return c.json({ unit: await recounted(c, createUnit(db, actor, c.req.valid("json"))) }, 201);
  })
  .patch(
    "/fleet/units/:id",
    fleetUnits$("Change a car (plate, colour, year, type, status)", { 200: unitResponseSchema, 404: { description: "No such car or vehicle type" }, 409: { description: "Another car has this plate, or coming rides count on this car" } }, { body: unitUpdateSchema, parameters: id("car") }),
    async (c) => {
      const { db, actor } = caller(c);
      return c.json({ unit: await recounted(c, updateUnit(db, actor, idParam(c, "Car"), c.req.valid("json"))) });
    },
  )
  // ---- Staff and shifts (admin)
  .get("/staff", admin$("Staff members (valets, chauffeurs, dispatchers)", { 200: staffListResponseSchema }), async (c) => {
    const { db } = caller(c);
    return c.json({ staff: await listStaff(db) });
  })
  .post("/staff", admin$("Add a staff member (a new account gets an e-mail to set a password; an existing one gets the role)", { 200: { description: "The existing account, now staff", schema: staffCreatedSchema }, 201: { description: "The new staff account", schema: staffCreatedSchema } }, { body: createStaffSchema }), async (c) => {
    const { db, actor } = caller(c);
    const input = c.req.valid("json");
    const deps = c.get("deps");
    const result = await addStaff({ db, auth: deps.auth, mailer: deps.mailer, publicUrl: deps.config.publicUrl }, actor, input);
    return c.json(result, result.created ? 201 : 200);
  })
  .get("/shifts", admin$("Shifts over some days", { 200: shiftsResponseSchema }, { query: shiftsQuerySchema }), async (c) => {
    const { db } = caller(c);
    return c.json(await listShifts(db, c.req.valid("query")));
  })
  .post("/shifts", admin$("Plan a shift", { 201: shiftResponseSchema, 404: { description: "No such staff member" }, 409: { description: "It overlaps another shift of theirs" } }, { body: createShiftSchema }), async (c) => {
    const { db, actor } = caller(c);
    return c.json({ shift: await recounted(c, createShift(db, actor, c.req.valid("json"))) }, 201);
  })
  .get("/shifts/:id/impact", admin$("What removing a shift would strand (sold rides it covers), asked before removing it", { 200: shiftWarningsResponseSchema, 404: { description: "Shift not found." } }, { parameters: id("shift") }), async (c) => {
    const { db } = caller(c);
    return c.json({ warnings: await shiftImpact(db, idParam(c, "Shift")) });
  })
  .delete("/shifts/:id", admin$("Remove a shift", { 204: { description: "Removed" }, 404: { description: "Shift not found." } }, { parameters: id("shift") }), async (c) => {
    const { db, actor } = caller(c);
    await recounted(c, deleteShift(db, actor, idParam(c, "Shift")));
    return c.body(null, 204);
  })
  // ---- Operations settings (admin)
  .get("/settings", admin$("Operations settings", { 200: operationsSettingsResponseSchema }), async (c) => {
    const { db } = caller(c);
    return c.json({ operations: await getOperationsSettings(db) });
  })
  .put("/settings", admin$("Change the operations settings", { 200: operationsSettingsResponseSchema }, { body: operationsSettingsSchema }), async (c) => {
    const { db, actor } = caller(c);
    const input = c.req.valid("json");
    const operations = await updateOperationsSettings(db, actor, input);
    await c.get("deps").bus.publish({ type: "settings.changed", section: "operations" }); // every other process reads them again
    return c.json({ operations });
  })
  // ---- Dispatch (the desk: admins and dispatchers)
  .get("/dispatch", desk$("The dispatch board of a day: rides, chauffeurs on shift, vehicles", { 200: dispatchBoardSchema }, { query: dispatchQuerySchema }), async (c) => {
    const { db } = caller(c);
    const { date } = c.req.valid("query");
    return c.json(await getDispatchBoard(db, date));
  })
  .put(
    "/bookings/:id/assignment",
    desk$("Assign a ride to a chauffeur (and a vehicle)", { 200: bookingAnswer, 404: { description: "Ride not found." }, 409: { description: "The chauffeur or the vehicle is not free, or the ride cannot be assigned now" } }, { body: assignmentSchema, parameters: id("ride") }),
    async (c) => {
      const { db, actor } = caller(c);
      const id = idParam(c, "Ride");
      const input = c.req.valid("json");
      await assignRide(c.get("deps"), actor, id, input);
      return c.json({ booking: await getBooking(db, id) });
    },
  )
  .delete("/bookings/:id/assignment", desk$("Take a ride's chauffeur off it", { 200: bookingAnswer, 404: { description: "Ride not found." }, 409: { description: "The ride cannot be unassigned now" } }, { parameters: id("ride") }), async (c) => {
    const { db, actor } = caller(c);
    const id = idParam(c, "Ride");
    await unassignRide(c.get("deps"), actor, id);
    return c.json({ booking: await getBooking(db, id) });
  })
  // ---- Cancelling with a reason (admin)
  .post("/bookings/:id/cancel", admin$("Cancel a booking with a reason", { 200: bookingAnswer, 404: { description: "Booking not found." }, 409: { description: "It can no longer be cancelled" } }, { body: adminCancelSchema, parameters: id("booking") }), async (c) => {
    const { db, actor } = caller(c);
    const id = idParam(c, "Booking");
    const { reason } = c.req.valid("json");
    await cancelByAdmin(c.get("deps"), actor, id, reason);
    return c.json({ booking: await getBooking(db, id) });
  });
