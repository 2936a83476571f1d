// A name a user typed is never a link in an e-mail and never runs on (issue 21): sign up with a name made of
// links and check the verification e-mail, as its reader's mail client would read it.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { outboxEmails } from "../db/schema";
import { type TestApp, withTestApp } from "../test/harness";
import { testReceipt } from "../test/receipt";
import { rideDetails, valetDetails } from "../test/factories";
import { paymentLinkEmail } from "../checkout/caller-booking.service";
import { unpaidCancelledEmail } from "../payments/payment-jobs";
import { paymentNeededEmail } from "../payments/payment-needed";
import { receiptEmail } from "../payments/receipts";
import { expiredEmail } from "../rides/overdue";
import { joinedTeamEmail } from "../rides/staff.service";
import { bookingConfirmationEmail, valetBookingConfirmationEmail } from "./booking-emails";
import { bookingCancelledEmail, bookingRescheduledEmail } from "./change-emails";
import type { Mail } from "./mailer";
import { chauffeurArrivedEmail, chauffeurAssignedEmail, flightCancelledEmail, flightPickupMovedEmail, rideReminderEmail } from "./ride-emails";
import { MAX_NAME_IN_EMAIL, nameInEmail, resetPasswordEmail, signInLockedEmail, signUpAttemptEmail, verificationEmail, welcomeSetPasswordEmail } from "./templates";

let t: TestApp;
withTestApp((app) => (t = app));

describe("user-supplied names in e-mails", () => {
  it("a name holding addresses is not a link in the text or the HTML, and a long name is shortened", async () => {
    const email = `linky.${Date.now()}@example.com`;
    const name = "Win at evil.example/prize http://evil.example and more words to make this name long";
    const res = await t.call("POST", "/api/auth/sign-up/email", { json: { name, email, password: "a-good-password-1" } });
    expect(res.status).toBe(200);
    await t.deps.mailer.drain();
    const [mail] = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, email));
    expect(mail).toBeTruthy();
    for (const body of [mail!.text, mail!.html ?? ""]) {
      expect(body).not.toContain("evil.example");
      expect(body).not.toContain("http://evil");
    }
    expect((mail!.html ?? "").match(/<a /g)?.length).toBe(2); // the verification button and its plain link, nothing else
    const greeting = mail!.text.split("\n")[0]!;
    expect(greeting.replace(/\u200b/g, "").length).toBeLessThanOrEqual("Welcome to Meridian, .".length + MAX_NAME_IN_EMAIL);
    expect(greeting).toContain("…");
  });
});

/** Every message that names a person, written for `name` (the customer's, a staff member's, the chauffeur's). */
function everyMessage(name: string): [string, Mail][] {
  const to = "eve@example.com";
  const url = "https://meridian.example/dashboard";
  const ride = { to, name, pickup: "LAX", pickupAddress: "1 World Way", dropoff: "Hotel Bel-Air", when: "Monday, June 1 at 12:00 PM", chauffeurFirstName: name, vehicleName: "Sedan", dashboardUrl: url };
  const change = { to, name, ticketCode: "MR-1", details: rideDetails(), timeZone: "America/Los_Angeles", sequence: 1, dashboardUrl: url };
  return [
    ["verification", verificationEmail(to, name, url)],
    ["password reset", resetPasswordEmail(to, name, url)],
    ["sign-up attempt", signUpAttemptEmail(to, name, url)],
    ["account created by an admin", welcomeSetPasswordEmail(to, name, url)],
    ["sign-in locked", signInLockedEmail(to, name, 5, url)],
    ["joined the team", joinedTeamEmail(to, name, "Chauffeur", url)],
    ["ride booked", bookingConfirmationEmail({ to, name, ticketCode: "MR-1", details: rideDetails(), dashboardUrl: url })],
    ["valet booked (the event's customer too)", valetBookingConfirmationEmail({ to, name, ticketCode: "MR-2", details: valetDetails({ customerName: name }), dashboardUrl: url })],
    ["chauffeur assigned (the chauffeur's name too)", chauffeurAssignedEmail(ride)],
    ["chauffeur arrived", chauffeurArrivedEmail(ride)],
    ["ride reminder", rideReminderEmail(ride)],
    ["flight delayed: the pickup moved", flightPickupMovedEmail({ ...ride, flight: "UA 1", change: "45 minutes late", limited: false })],
    ["flight cancelled", flightCancelledEmail({ ...ride, flight: "UA 1" })],
    ["booking cancelled", bookingCancelledEmail({ ...change, feeUsd: 0 })],
    ["booking rescheduled", bookingRescheduledEmail({ ...change, previous: "2026-05-31 at 9:00 AM" })],
    ["ride not served", expiredEmail({ to, name, when: "Monday", pickup: "LAX", dropoff: "Hotel Bel-Air", url })],
    ["unpaid booking cancelled", unpaidCancelledEmail({ to, name, what: "ride", when: "Monday", url })],
    ["payment needed", paymentNeededEmail({ to, name, what: "ride", when: "Monday", amountUsd: 120, reason: "Declined.", url })],
    ["receipt", receiptEmail(testReceipt(), { to, name, publicUrl: url, pdf: Buffer.from("%PDF") })],
    ["caller's payment link (the staff member's name too)", paymentLinkEmail({ to, name, what: "ride", when: "Monday", amountUsd: 120, url, dueBy: "Sunday", staff: name })],
  ];
}

describe("every message that names a person", () => {
  const evil = "Eve www.evil.com http://x.y and a tail long enough to be cut off here";
  const plain = everyMessage("Eve");
  const linksIn = (html: string | undefined) => (html ?? "").match(/<a /g)?.length ?? 0;

  it.each(everyMessage(evil).map(([kind, mail], i) => [kind, mail, plain[i]![1]] as const))("%s: the name is shortened and is no link", (_kind, mail, plainMail) => {
    for (const body of [mail.subject, mail.text, mail.html ?? ""]) {
      expect(body).not.toMatch(/evil\.com|www\.evil|http:\/\/x|x\.y/);
      expect(body).not.toContain("cut off here");
    }
    expect(mail.text).toContain(nameInEmail(evil));
    expect(nameInEmail(evil).replace(/\u200b/g, "").length).toBeLessThanOrEqual(MAX_NAME_IN_EMAIL);
    expect(nameInEmail(evil)).toMatch(/…$/);
    expect(linksIn(mail.html)).toBe(linksIn(plainMail.html)); // the message's own buttons and links, nothing more
  });
});
