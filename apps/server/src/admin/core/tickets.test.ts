import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLogs } from "../../db/schema";
import { createAdminTestApp, type TestApp } from "../../test/harness";
import { insertBooking, insertTicket } from "../../test/factories";
import { expectFieldErrors } from "../../test/helpers";

let t: TestApp;
let cookie: string;
let ids: { one: string; two: string; orphan: string };

beforeAll(async () => {
  ({ t, cookie } = await createAdminTestApp());
  const customer = await t.userWithSession({ fullName: "Carla Customer", phone: "(213) 555-0142" });
  const withPhone = await insertBooking(t.db, { name: "Bob Booking", phone: "310-555-0199" });
  const viaProfile = await insertBooking(t.db, { userId: customer.user.id, name: null, phone: null });
  const one = await insertTicket(t.db, withPhone.id, { ticketCode: "MER-AAA111", plate: "7ABC123", keyTag: "K-042" });
  const two = await insertTicket(t.db, viaProfile.id, { ticketCode: "MER-BBB222" });
  const orphan = await insertTicket(t.db, null, { ticketCode: "MER-CCC333", status: "void" });
  ids = { one: one.id, two: two.id, orphan: orphan.id };
});
afterAll(() => t.close());

const search = async (q: string) =>
  (await t.call("GET", `/api/admin/tickets?q=${encodeURIComponent(q)}`, { cookie })).body.tickets.map((x: { ticketCode: string }) => x.ticketCode);

describe("GET /api/admin/tickets", () => {
  it("lists newest first with the linked booking's name and phone, else nothing (N/A in the UI)", async () => {
    const res = await t.call("GET", "/api/admin/tickets", { cookie });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.tickets.map((x: { id: string }) => x.id)).toEqual([ids.orphan, ids.two, ids.one]);
    expect(res.body.tickets[2]).toMatchObject({ ticketCode: "MER-AAA111", customerName: "Bob Booking", customerPhone: "310-555-0199", plate: "7ABC123", keyTag: "K-042", status: "active" });
    expect(res.body.tickets[1]).toMatchObject({ customerName: "Carla Customer", customerPhone: "(213) 555-0142" });
    expect(res.body.tickets[0]).toMatchObject({ customerName: null, customerPhone: null, bookingId: null, status: "void" });
  });

  it("searches phone (with or without punctuation), plate, ticket code and key tag", async () => {
    expect(await search("3105550199")).toEqual(["MER-AAA111"]);
    expect(await search("555-0142")).toEqual(["MER-BBB222"]);
    expect(await search("7abc")).toEqual(["MER-AAA111"]);
    expect(await search("bbb222")).toEqual(["MER-BBB222"]);
    expect(await search("k-042")).toEqual(["MER-AAA111"]);
    expect(await search("nothing-like-this")).toEqual([]);
    const voids = await t.call("GET", "/api/admin/tickets?status=void", { cookie });
    expect(voids.body.tickets.map((x: { id: string }) => x.id)).toEqual([ids.orphan]);
  });

  it("validates the query", async () => {
    const res = await t.call("GET", "/api/admin/tickets?status=lost&pageSize=0", { cookie });
    expectFieldErrors(res, { status: "Status must be active, released or void.", pageSize: "Page size must be between 1 and 100." });
  });
});

describe("GET /api/admin/tickets/:id", () => {
  it("returns the detail, 404 otherwise", async () => {
    const res = await t.call("GET", `/api/admin/tickets/${ids.one}`, { cookie });
    expect(res.body.ticket).toMatchObject({ ticketCode: "MER-AAA111", service: "ride", bookingDate: "2026-06-01" });
    expect((await t.call("GET", "/api/admin/tickets/xyz", { cookie })).status).toBe(404);
  });
});

describe("PATCH /api/admin/tickets/:id", () => {
  const patch = (id: string, json: unknown) => t.call("PATCH", `/api/admin/tickets/${id}`, { cookie, json });

  it("edits plate and key tag (blank clears) and audits the change", async () => {
    const res = await patch(ids.two, { plate: " 8XYZ999 ", keyTag: "K-7" });
    expect(res.status).toBe(200);
    expect(res.body.ticket).toMatchObject({ plate: "8XYZ999", keyTag: "K-7" });
    const cleared = await patch(ids.two, { keyTag: "" });
    expect(cleared.body.ticket.keyTag).toBeNull();
    const audit = await t.db.select().from(auditLogs).where(eq(auditLogs.entityId, ids.two));
    expect(audit).toHaveLength(2);
    expect(audit.map((a) => a.after)).toEqual(expect.arrayContaining([{ plate: "8XYZ999", keyTag: "K-7" }, { keyTag: null }]));
  });

  it("moves active -> released, and a released or void ticket no further", async () => {
    const fresh = await insertTicket(t.db, null);
    expect((await patch(fresh.id, { status: "released" })).body.ticket.status).toBe("released");
    const back = await patch(fresh.id, { status: "active" });
    expect(back.status).toBe(409);
    expect(back.body.error).toEqual({ code: "illegal_transition", message: "A ticket cannot move from Released to Active. Released is a final status." });
    expect((await patch(ids.orphan, { status: "released" })).status).toBe(409);
    const voidable = await insertTicket(t.db, null);
    expect((await patch(voidable.id, { status: "void" })).body.ticket.status).toBe("void");
  });

  it("validates the body", async () => {
    const res = await patch(ids.one, { plate: "X".repeat(40), status: "lost" });
    expectFieldErrors(res, { plate: "Plate must be at most 32 characters.", status: "Status must be active, released or void." });
    expect((await patch(ids.one, {})).status).toBe(400);
    expect((await patch(ids.one, { ticketCode: "MINE" })).status).toBe(400);
  });
});
