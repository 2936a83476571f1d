// A booking's changes tell the customer, over a real SMTP conversation (a local smtp-server): the confirmation
// carries the booking as a calendar entry (UID from the ticket, SEQUENCE 0); a reschedule sends a new
// confirmation with the updated entry (same UID, higher SEQUENCE); a cancellation sends an e-mail with the fee, if
// any, and a METHOD:CANCEL entry (same UID, higher SEQUENCE still). A cancelled booking's ticket is void in My
// Tickets, in the Ticket Center and in the Overview's count of active tickets.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QuoteInput } from "@meridian/shared/booking";
import { bookings } from "../db/schema";
import { createFakeGeo } from "../test/fake-geo";
import { createTestApp, type TestApp } from "../test/harness";
import { createTestFleet, giveCapacityForDays, laDate, rideInput } from "../test/factories";
import { parseMail, startSmtp, type TestSmtp } from "../test/smtp";

let smtp: TestSmtp;
let t: TestApp;
let fleet: Awaited<ReturnType<typeof createTestFleet>>;
let admin: { cookie: string };
let customer: { cookie: string; user: { email: string } };

beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: "Meridian <concierge@meridian.test>" }, { mailbox: "auto", geo: createFakeGeo() });
  fleet = await createTestFleet(t.db);
  await giveCapacityForDays(t);
  admin = await t.userWithSession({ role: "admin", fullName: "Ada Admin" });
  customer = await t.userWithSession({ fullName: "Grace Hopper" });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function book(over: Partial<QuoteInput>) {
  const q = await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, over) });
  expect(q.status).toBe(200);
  const res = await t.call("POST", "/api/bookings", { cookie: customer.cookie, json: { service: "ride", paymentMethod: "pm_card_visa", quoteId: q.body.quoteId }, headers: { "Idempotency-Key": crypto.randomUUID() } });
  expect(res.status).toBe(201);
  return { id: res.body.booking.id as string, ticketCode: res.body.ticket.ticketCode as string };
}

/** The e-mail with this subject, its text and its calendar entry's properties. */
async function mailWith(subject: string, filename = "meridian-ride.ics") {
  // Written in the change's transaction, the e-mail leaves with the retry worker's next pass (every 30 s): run it now.
  await t.deps.mailer.retryDue();
  await t.deps.mailer.drain();
  const m = parseMail((await smtp.waitFor(customer.user.email, subject)).raw);
  const ics = m.attachment(filename);
  expect(ics, `${subject} carries ${filename}`).toBeTruthy();
  const prop = (name: string) => ics!.replace(/\r\n /g, "").match(new RegExp(`^${name}:(.*)$`, "m"))?.[1]?.trim();
  return { text: m.text, ics: ics!, prop };
}

const activeTickets = async () => (await t.call("GET", "/api/admin/overview", { cookie: admin.cookie })).body.counts.activeTickets as number;

describe("a booking's changes, by e-mail", () => {
  it("confirm, reschedule, cancel: one calendar entry moved then removed (same UID, rising SEQUENCE); the ticket void everywhere", async () => {
    const before = await activeTickets();
    const { id, ticketCode } = await book({ date: laDate(3), time: "11:00" });
    expect(await activeTickets()).toBe(before + 1);

    const confirmed = await mailWith(`Booking Confirmed! Ticket ${ticketCode}`);
    expect(confirmed.prop("UID")).toBe(`${ticketCode}@meridian`);
    expect(confirmed.prop("SEQUENCE")).toBe("0");
    expect(confirmed.prop("METHOD")).toBe("PUBLISH");
    expect(confirmed.text).toContain("at 11:00 AM (Los Angeles time)");

    const newDay = laDate(4);
    const quote = (await t.call("POST", "/api/quotes", { json: rideInput(fleet.sedan.id, { date: newDay, time: "14:15" }) })).body.quoteId;
    const moved = await t.call("POST", `/api/me/bookings/${id}/reschedule`, { cookie: customer.cookie, json: { date: newDay, time: "14:15", quoteId: quote, acceptNewPrice: true } });
    expect(moved.status).toBe(200);
    const rescheduled = await mailWith(`Booking Rescheduled: Ticket ${ticketCode}`);
    expect(rescheduled.prop("UID")).toBe(`${ticketCode}@meridian`);
    expect(Number(rescheduled.prop("SEQUENCE"))).toBeGreaterThan(0);
    expect(rescheduled.prop("METHOD")).toBe("PUBLISH");
    expect(rescheduled.prop("DTSTART")).toBe(new Date(moved.body.booking.pickupAt).toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, ""));
    expect(rescheduled.text).toContain(`Date: ${newDay} at 2:15 PM (Los Angeles time)`);
    expect(rescheduled.text).toContain(`It was: ${laDate(3)} at 11:00 AM`);

    const cancelled = await t.call("POST", `/api/me/bookings/${id}/cancel`, { cookie: customer.cookie, json: { acceptFeeUsd: 0 } });
    expect(cancelled.status).toBe(200);
    const notice = await mailWith(`Booking Cancelled: Ticket ${ticketCode}`);
    expect(notice.prop("UID")).toBe(`${ticketCode}@meridian`);
    expect(notice.prop("METHOD")).toBe("CANCEL");
    expect(notice.prop("STATUS")).toBe("CANCELLED");
    expect(Number(notice.prop("SEQUENCE"))).toBeGreaterThan(Number(rescheduled.prop("SEQUENCE")));
    expect(notice.text).toContain("No cancellation fee: your card was not charged");
    expect(notice.text).toContain("Your ticket is void.");

    // My Tickets, the Ticket Center and the Overview agree: the ticket is void, no longer active.
    const mine = (await t.call("GET", "/api/me/tickets", { cookie: customer.cookie })).body.tickets as { ticketCode: string; status: string }[];
    expect(mine.find((x) => x.ticketCode === ticketCode)?.status).toBe("void");
    const center = (await t.call("GET", `/api/admin/tickets?q=${ticketCode}`, { cookie: admin.cookie })).body.tickets as { ticketCode: string; status: string }[];
    expect(center.map((x) => [x.ticketCode, x.status])).toEqual([[ticketCode, "void"]]);
    expect(await activeTickets()).toBe(before);
  });

  it("a cancellation after the cut-off names the fee; one by Meridian gives the reason and charges nothing", async () => {
    const late = await book({ date: laDate(3), time: "15:00" });
    await t.db.update(bookings).set({ pickupAt: new Date(Date.now() + 3_600_000) }).where(eq(bookings.id, late.id)); // inside the 24 h cut-off
    const terms = (await t.call("GET", `/api/me/bookings/${late.id}/cancellation`, { cookie: customer.cookie })).body.cancellation;
    expect(terms.feeUsd).toBeGreaterThan(0);
    expect((await t.call("POST", `/api/me/bookings/${late.id}/cancel`, { cookie: customer.cookie, json: { acceptFeeUsd: terms.feeUsd } })).status).toBe(200);
    const feeMail = await mailWith(`Booking Cancelled: Ticket ${late.ticketCode}`);
    expect(feeMail.text).toContain(`Cancellation fee: $${terms.feeUsd.toFixed(2)}, charged to your card as agreed`);

    const ours = await book({ date: laDate(5), time: "10:00" });
    expect((await t.call("POST", `/api/admin/bookings/${ours.id}/cancel`, { cookie: admin.cookie, json: { reason: "The venue closed the road." } })).status).toBe(200);
    const ourMail = await mailWith(`Booking Cancelled: Ticket ${ours.ticketCode}`);
    expect(ourMail.text).toContain("Meridian has cancelled your ride");
    expect(ourMail.text).toContain("Reason: The venue closed the road.");
    expect(ourMail.text).toContain("You will not be charged");
    expect(ourMail.prop("METHOD")).toBe("CANCEL");
  });

  it("names a typed street address once (no '1 World Way (1 World Way)')", async () => {
    const { bookingConfirmationEmail } = await import("../mail/booking-emails");
    const { rideDetails, testPlace } = await import("../test/factories");
    const mail = bookingConfirmationEmail({ to: "x@example.com", name: "X", ticketCode: "MRD-1", dashboardUrl: "http://x/dashboard", timeZone: "America/New_York", details: rideDetails({ pickup: testPlace("p1", "1 World Way", "1 World Way"), time: "09:30" }) });
    expect(mail.text).toContain("Pickup: 1 World Way\n");
    expect(mail.text).toContain("Dropoff: Hotel Bel-Air (701 Stone Canyon Rd, Los Angeles, CA)");
    expect(mail.text).toContain("at 9:30 AM (New York time)");
  });
});
