// /api/admin operations routes: staff and shifts, operations settings (admin only), the dispatch board and
// assignment (admins and dispatchers: the desk), and cancelling a booking with a reason (admin). Thin: validate,
// check the role, call a service.
import { Hono } from "hono";
import { operationsSettingsSchema, adminCancelSchema, assignmentSchema, createShiftSchema, createStaffSchema, dispatchQuerySchema, shiftsQuerySchema } from "@meridian/shared/rides";
import type { AppEnv } from "../lib/context";
import { parseBody, parseQuery } from "../lib/validate";
import { cancelByAdmin } from "../rides/cancel.service";
import { assignRide, getDispatchBoard, unassignRide } from "../rides/dispatch.service";
import { addStaff, createShift, deleteShift, listShifts, listStaff } from "../rides/staff.service";
import { getOperationsSettings, updateOperationsSettings } from "../settings/settings.service";
import { admin, desk, idParam } from "./admin-core.routes";
import { getBooking } from "./core/bookings.service";

export const adminOpsRoutes = new Hono<AppEnv>()
  // ---- Staff and shifts (admin)
  .get("/staff", async (c) => {
    const { db } = await admin(c);
    return c.json({ staff: await listStaff(db) });
  })
  .post("/staff", async (c) => {
    const { db, actor } = await admin(c);
    const input = await parseBody(c, createStaffSchema);
    const deps = c.get("deps");
    const result = await addStaff({ db, auth: deps.auth, mailer: deps.mailer, publicUrl: deps.config.publicUrl }, actor, input);
    return c.json(result, result.created ? 201 : 200);
  })
  .get("/shifts", async (c) => {
    const { db } = await admin(c);
    return c.json(await listShifts(db, parseQuery(c, shiftsQuerySchema)));
  })
  .post("/shifts", async (c) => {
    const { db, actor } = await admin(c);
    const input = await parseBody(c, createShiftSchema);
    return c.json({ shift: await createShift(db, actor, input) }, 201);
  })
  .delete("/shifts/:id", async (c) => {
    const { db, actor } = await admin(c);
    await deleteShift(db, actor, idParam(c, "Shift"));
    return c.body(null, 204);
  })
  // ---- Operations settings (admin)
  .get("/settings", async (c) => {
    const { db } = await admin(c);
    return c.json({ operations: await getOperationsSettings(db) });
  })
  .put("/settings", async (c) => {
    const { db, actor } = await admin(c);
    const input = await parseBody(c, operationsSettingsSchema);
    return c.json({ operations: await updateOperationsSettings(db, actor, input) });
  })
  // ---- Dispatch (the desk: admins and dispatchers)
  .get("/dispatch", async (c) => {
    const { db } = await desk(c);
    const { date } = parseQuery(c, dispatchQuerySchema);
    return c.json(await getDispatchBoard(db, date));
  })
  .put("/bookings/:id/assignment", async (c) => {
    const { db, actor } = await desk(c);
    const id = idParam(c, "Ride");
    const input = await parseBody(c, assignmentSchema);
    await assignRide(c.get("deps"), actor, id, input);
    return c.json({ booking: await getBooking(db, id) });
  })
  .delete("/bookings/:id/assignment", async (c) => {
    const { db, actor } = await desk(c);
    const id = idParam(c, "Ride");
    await unassignRide(c.get("deps"), actor, id);
    return c.json({ booking: await getBooking(db, id) });
  })
  // ---- Cancelling with a reason (admin)
  .post("/bookings/:id/cancel", async (c) => {
    const { db, actor } = await admin(c);
    const id = idParam(c, "Booking");
    const { reason } = await parseBody(c, adminCancelSchema);
    await cancelByAdmin(c.get("deps"), actor, id, reason);
    return c.json({ booking: await getBooking(db, id) });
  });
