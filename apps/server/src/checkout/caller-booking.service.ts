// Booking for a caller (issue 20): an admin or a dispatcher books a ride or a valet service for a customer on the
// telephone. The quote id is the customer's own quote (the same re-pricing as POST /api/bookings: planBooking); the
// customer is found (customerId) or created (a name with a phone and/or an e-mail, no password: they can set one
// later through "forgot password" with that e-mail and then see the booking). No card is taken at the desk: the
// booking is written with a placeholder charge that reads "payment needed", and the customer gets a secure link
// (payments/payment-link.ts) to the confirm-a-card page by e-mail and/or SMS. If the link is never used, the unpaid
// cancellation job (payments/payment-jobs.ts, reason "link") cancels the booking without a fee at
// callerPaymentDueAt and tells the customer; the slot is free again. A far-off service also gets the usual payment
// jobs (its card authorised again 48 hours before, as a hold taken through the link would lapse).
// Idempotent like POST /api/bookings, with its code: the key belongs to the staff member who sent it.
// A quote's coupon is counted as for POST /api/bookings (redeemPlanCoupon), for the customer booked for.
import { getSettings } from "../settings/store";
import crypto from "node:crypto";
import { and, asc, eq, ilike, or } from "drizzle-orm";
import {
  AWAITING_LINK_PAYMENT,
  bookedForNote,
  CALLER_MESSAGES,
  isMailableEmail,
  phoneOnlyEmail,
  type AdminCreateBookingInput,
  type AdminCreateBookingResponse,
  type CallerCustomer,
} from "@meridian/shared/caller-booking";
import { IDEMPOTENCY_IN_PROGRESS_MESSAGE } from "@meridian/shared/booking";
import { callerPaymentDueAt, keepHoldAtBooking } from "@meridian/shared/payment-policy";
import type { Tx } from "../db/client";
import { bookings, user } from "../db/schema";
import { type AuditActor, writeAudit } from "../lib/audit";
import { containsPattern } from "../lib/sql-helpers";
import { scheduleJob } from "../jobs/job-runner";
import type { Deps } from "../lib/context";
import { conflict, HttpError } from "../lib/errors";
import type { Mail } from "../mail/mailer";
import { emailLayout, greeting, nameInEmail } from "../mail/templates";
import { formatWhen } from "../lib/format-when";
import { cachedOperationsSettings } from "../settings/settings.service";
import {
  paymentLinkToken,
  paymentLinkUrl,
  recordFailedAuthorisation,
  schedulePaymentJobs,
  UNPAID_CANCEL_JOB,
} from "../payments";
import { awaitEarlierAnswer, earlierAnswer, planBooking, redeemPlanCoupon, rideOfPlan, startOfPlan } from "./bookings.service";
import { insertBookingRows } from "../bookings";
import { formatMoney } from "@meridian/shared/money";
import type { SmsMessage } from "../sms/sms";

export type Staff = AuditActor & { name: string; role: string };
type Outcome = { status: 201; body: AdminCreateBookingResponse; replayed: boolean };
type UserRow = typeof user.$inferSelect;

export const toCallerCustomer = (row: Pick<UserRow, "id" | "name" | "email" | "phone">): CallerCustomer => ({
  id: row.id,
  fullName: row.name,
  email: isMailableEmail(row.email) ? row.email : null,
  phone: row.phone,
});

/** sha256 of the body in a canonical form: the same key with another body is refused (422), as for POST /api/bookings. */
function requestHash(input: AdminCreateBookingInput): string {
  const c = input.newCustomer;
  const canonical = JSON.stringify({
    service: input.service,
    quoteId: input.quoteId,
    customerId: input.customerId ?? null,
    newCustomer: c ? { fullName: c.fullName, email: c.email ?? null, phone: c.phone ?? null } : null,
  });
  return crypto.createHash("sha256").update(`caller:${canonical}`).digest("hex");
}

/** The customer chosen (a customer's account, never staff), or the new one written in the booking's transaction. */
async function customerFor(tx: Tx, input: AdminCreateBookingInput): Promise<{ row: UserRow; created: boolean }> {
  if (input.customerId) {
    const [row] = await tx.select().from(user).where(eq(user.id, input.customerId));
    if (!row) throw new HttpError(404, "customer_not_found", CALLER_MESSAGES.customerNotFound, { customerId: CALLER_MESSAGES.customerNotFound });
    if (row.role !== "user") throw new HttpError(422, "not_a_customer", CALLER_MESSAGES.notACustomer, { customerId: CALLER_MESSAGES.notACustomer });
    return { row, created: false };
  }
  const c = input.newCustomer!;
  const email = c.email ?? phoneOnlyEmail(c.phone!);
  const [row] = await tx
    .insert(user)
    // No password and not verified: "forgot password" with this e-mail sets one (and verifies it).
    .values({ id: crypto.randomUUID(), name: c.fullName, email, phone: c.phone ?? null, role: "user", emailVerified: false })
    .onConflictDoNothing()
    .returning();
  if (!row) {
    const field = c.email ? "newCustomer.email" : "newCustomer.phone";
    const message = c.email ? CALLER_MESSAGES.emailTaken : CALLER_MESSAGES.phoneTaken;
    throw new HttpError(409, "customer_exists", message, { [field]: message });
  }
  return { row, created: true };
}

export function paymentLinkEmail(f: { to: string; name: string; what: string; when: string; amountUsd: number; url: string; dueBy: string; staff: string }): Mail {
  const lines = [
    greeting(f.name),
    `${nameInEmail(f.staff)} at Meridian has booked your ${f.what} on ${f.when}. The total is ${formatMoney(f.amountUsd)}.`,
    `To confirm it, authorise the payment on a card through this secure link before ${f.dueBy}; otherwise the booking is released (without a fee).`,
  ];
  return {
    to: f.to,
    subject: `Confirm your ${f.what} on ${f.when}`,
    text: `${lines.join("\n\n")}\n\nPay securely: ${f.url}\n`,
    html: emailLayout("Your booking is waiting for payment", lines, { label: "Pay securely", url: f.url }),
    kind: "payment_link",
    vars: { customerName: nameInEmail(f.name), service: f.what, when: f.when, amount: formatMoney(f.amountUsd) },
  };
}

class KeyTaken extends Error {}

export async function createCallerBooking(deps: Deps, staff: Staff, key: string, input: AdminCreateBookingInput): Promise<Outcome> {
  const db = deps.database.db;
  const hash = requestHash(input);
  // A retry (same key, same body) gets the first answer, before a new customer would be created again.
  const earlier = await earlierAnswer<AdminCreateBookingResponse>(deps, staff.id, key, hash);
  if (earlier) return earlier;

  let who: { name: string; email: string } = { name: input.newCustomer?.fullName ?? "", email: input.newCustomer?.email ?? "" };
  if (input.customerId) {
    const [row] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, input.customerId));
    if (row) who = row;
  }
  // The customer's own quote, re-priced with live data: the same rules and prices as their booking dialog.
  const plan = await planBooking(deps, who, input.service, input.quoteId);
  const { timeZone, reminderLeadHours } = await cachedOperationsSettings(db);
  const { pickupAt, startsAt } = startOfPlan(plan, timeZone);
  const now = new Date();
  const dueAt = callerPaymentDueAt(now, startsAt);

  const smsOn = (await getSettings(db, "features")).smsNotifications;
  let sms: { to: string; body: string; message: SmsMessage } | null = null;
  let body: AdminCreateBookingResponse;
  try {
    body = await db.transaction(async (tx) => {
      const { row: customer, created } = await customerFor(tx, input);
      const mailable = isMailableEmail(customer.email);
      const sentBy = [...(mailable ? (["email"] as const) : []), ...(customer.phone && smsOn ? (["sms"] as const) : [])];
      const summary = toCallerCustomer(customer);
      const answer = await insertBookingRows(tx, {
        userId: customer.id,
        keyOwnerId: staff.id,
        key,
        claim: "insert",
        requestHash: hash,
        booking: {
          service: plan.service,
          bookingDate: plan.bookingDate,
          name: plan.service === "ride" ? customer.name : plan.name,
          email: mailable ? customer.email : null,
          phone: customer.phone,
          price: plan.price,
          vehicleTypeId: plan.vehicleTypeId,
          details: plan.details,
          paymentRef: null,
          pickupAt,
        },
        actor: { id: staff.id, name: staff.name, role: staff.role },
        note: bookedForNote(staff.name, customer.name),
        reminderLeadHours,
        answerExtra: { customer: summary, paymentLink: { sentBy, dueAt: dueAt.toISOString() } },
        now,
      });
      // Another request with this key wrote its booking first: roll this one back (and its new customer).
      if (!answer) throw new KeyTaken();
      const bookingId = answer.booking.id;
      // A ride is sold only when it can be served: checked under the day's lock, this booking left out (409 unavailable rolls it back).
      const ride = rideOfPlan(plan, pickupAt);
      if (ride) await deps.availability.refuseLocked(tx, ride, { bookingId });
      // The quote's coupon is counted for the customer (their limit, not the staff member's); a refused one (409) rolls
      // the booking back with its new customer. No card is held at the desk, so there is no hold to release.
      await redeemPlanCoupon(tx, plan, { customerId: customer.id, bookingId });
      // Payment needed until the customer pays through the link (the dispatch board and the booking say so).
      await recordFailedAuthorisation(tx, deps.payments.kind, { id: bookingId, price: plan.price }, { message: AWAITING_LINK_PAYMENT, card: null, key: `caller:${bookingId}` });
      await scheduleJob(tx, { kind: UNPAID_CANCEL_JOB, key: `${UNPAID_CANCEL_JOB}:${bookingId}:link`, runAt: dueAt, payload: { bookingId, startsAt: startsAt.toISOString(), reason: "link" } });
      if (!keepHoldAtBooking(startsAt, now)) {
        const [row] = await tx.select().from(bookings).where(eq(bookings.id, bookingId));
        await schedulePaymentJobs(tx, row!, now);
      }
      await writeAudit(tx, staff, {
        action: "booking.create_for_caller",
        entity: "booking",
        entityId: bookingId,
        after: {
          summary: bookedForNote(staff.name, customer.name),
          customer: summary,
          newCustomer: created,
          service: plan.service,
          bookingDate: plan.bookingDate,
          price: plan.price,
          paymentLinkSentBy: sentBy,
          paymentDueAt: dueAt.toISOString(),
        },
      });
      const url = paymentLinkUrl(deps.config.publicUrl, paymentLinkToken(deps.config.authSecret, bookingId, startsAt));
      const what = plan.service === "ride" ? "ride" : "valet service";
      const when = formatWhen(startsAt, timeZone);
      const dueBy = formatWhen(dueAt, timeZone);
      if (mailable) await deps.mailer.send(paymentLinkEmail({ to: customer.email, name: customer.name, what, when, amountUsd: plan.price, url, dueBy, staff: staff.name }), { tx });
      if (customer.phone && smsOn) {
        const intro = `Meridian: your ${what} on ${when} (${formatMoney(plan.price)}) is booked.`;
        sms = { to: customer.phone, body: `${intro} Pay securely before ${dueBy} to confirm it: ${url}`, message: { kind: "payment_link_sms", vars: { service: what, when, amount: formatMoney(plan.price) }, intro } };
      }
      return answer as AdminCreateBookingResponse;
    });
  } catch (err) {
    if (!(err instanceof KeyTaken)) throw err;
    const answer = await awaitEarlierAnswer<AdminCreateBookingResponse>(deps, staff.id, key, hash);
    if (answer) return answer;
    throw conflict(IDEMPOTENCY_IN_PROGRESS_MESSAGE, "idempotency_in_progress");
  }

  // After the commit: the SMS (a failure is logged; the e-mail, when there is one, is in the outbox) and the board.
  const text = sms as { to: string; body: string; message: SmsMessage } | null;
  if (text) await deps.sms.send(text.to, text.body, { message: text.message }).catch((err: unknown) => deps.logger.error("payment link SMS failed", { bookingId: body.booking.id, err: String(err) }));
  deps.bus
    .publish({ type: "booking.created", bookingId: body.booking.id, service: body.booking.service, userId: body.customer.id, createdAt: body.booking.createdAt })
    .catch((err: unknown) => deps.logger.error("realtime publish failed", { bookingId: body.booking.id, err: String(err) }));
  deps.metrics.bookingsCreated.inc({ service: body.booking.service });
  return { status: 201, body, replayed: false };
}

/** GET /api/admin/customers?q=: up to 10 customers (role user) whose name, e-mail or phone contains the text. */
export async function searchCallerCustomers(deps: Deps, q: string): Promise<CallerCustomer[]> {
  const pattern = containsPattern(q);
  const digits = q.replace(/\D/g, "");
  const rows = await deps.database.db
    .select({ id: user.id, name: user.name, email: user.email, phone: user.phone })
    .from(user)
    .where(
      and(
        eq(user.role, "user"),
        eq(user.banned, false),
        or(ilike(user.name, pattern), ilike(user.email, pattern), ilike(user.phone, pattern), digits.length >= 4 ? ilike(user.phone, `%${digits}%`) : undefined),
      ),
    )
    .orderBy(asc(user.name), asc(user.email))
    .limit(10);
  return rows.map(toCallerCustomer);
}
