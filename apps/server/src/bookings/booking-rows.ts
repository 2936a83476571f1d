// Everything a new booking writes, as ONE statement (docs/decisions/015): the booking, its "Booked" timeline row, its
// ticket, the ride's reminder job, the card payment's record, the answer stored with the Idempotency-Key, and (when
// the statement commits by itself) the confirmation e-mail.
// Today's transaction sends these one by one (BEGIN, key, booking, timeline row, reminder job, ticket, answer,
// COMMIT: 8 round trips holding a pooled connection); a data-modifying CTE sends them in one, and on its own it
// commits by itself: no BEGIN/COMMIT either.
//
// How it keeps the guarantees: every row is inserted only FROM the row that claims the key (`claimed`), so the
// booking exists if and only if this request owns the key.
// - `claim: "insert"` (one transaction, as today): the key's row is inserted here; a concurrent request with the
//   same key waits on its primary key, then inserts nothing, and gets `null` (read and replay the stored answer).
// - `claim: "complete"` (decision 011: the key was claimed and committed first, "in progress", then the card was
//   authorised): the claimed row is completed here, only while it is still in progress; `null` otherwise.
// The answer is made up front (ids, the time and the ticket code come from here), so the stored answer is the
// one sent. A ticket code that is already taken fails the whole statement: nothing is written; on the database
// itself the statement is retried with another code, inside a caller's transaction the error goes to the caller
// (31^8 codes: at a million tickets about one booking in 850,000 would see it).
import crypto from "node:crypto";
import { sql, type SQL } from "drizzle-orm";
import type { CreateBookingResponse } from "@meridian/shared/booking";
import { bookingDetailsSchema, type BookingDetails } from "@meridian/shared/booking-details";
import { executeRows, isUniqueViolation, type Db, type Tx } from "../db/client";
import type { MailInStatement } from "../mail/mailer";
import { jobInsertFrom } from "../jobs/job-runner";
import { rideReminderJob } from "./ride-reminders";
import { firstFollowJob } from "./flight-follow-job";
import { newTicketCode } from "./ticket-code";

export type BookingRowsInput = {
  /** The booking's owner (the customer). */
  userId: string;
  /** Who sent the Idempotency-Key, when not the owner (the desk's staff member booking for a caller). */
  keyOwnerId?: string;
  /** The request's Idempotency-Key. */
  key: string;
  /** "insert": claim the key here (needs `requestHash`); "complete": the key's row was claimed before, fill in its answer. */
  claim: "insert" | "complete";
  requestHash?: string;
  /** "complete": the claim's time (the key's created_at); the answer is stored only while the claim is still this one's. */
  claimedAt?: Date;
  booking: {
    service: "ride" | "valet";
    bookingDate: string;
    name: string | null;
    email: string | null;
    phone: string | null;
    price: number;
    vehicleTypeId: string | null;
    details: BookingDetails;
    paymentRef: string | null;
    /** Rides: the pickup instant; null for event valet. */
    pickupAt: Date | null;
  };
  /** Who booked, for the timeline's "Booked" row. */
  actor: { id: string; name: string; role: string };
  /** The timeline row's note (default "Booked"). */
  note?: string;
  /** More of the answer (stored with the key and sent), beside booking, ticket and payment. */
  answerExtra?: Record<string, unknown>;
  /** The ride reminder's lead time (operations settings; cachedOperationsSettings is fine). */
  reminderLeadHours: number;
  /**
   * The card payment authorised for this booking: the insert of its `payments` record over the new booking's row
   * (`booking`, a CTE naming its id), written by the same statement. Payments' chargeInStatement, given by the caller
   * (checkout/), so the booking's rows know nothing of the charge table.
   */
  paymentInsert?: (booking: SQL) => SQL;
  /** The answer's `payment` part (card and whether the hold is kept), stored with the key and sent. */
  answerPayment?: CreateBookingResponse["payment"];
  /**
   * The confirmation e-mail for a ticket code (mailer.inStatement), written by the same statement: it exists if and
   * only if the booking does, and costs no round trip of its own. Only where the statement commits by itself.
   */
  mail?: (ticketCode: string) => MailInStatement;
  /** The clock (tests). */
  now?: Date;
};

const TICKET_CODE_ATTEMPTS = 8;

/**
 * Writes a new booking's rows in one statement and answers the response stored with the key, or null when the key
 * is not this request's to use (taken by another request, or no longer in progress). `db` may be a transaction
 * (e.g. with redeemCoupon after it); without one the statement commits by itself.
 */
export async function insertBookingRows(db: Db | Tx, input: BookingRowsInput): Promise<CreateBookingResponse | null> {
  const inTransaction = isTransaction(db);
  if (inTransaction && input.mail) throw new Error("insertBookingRows: the e-mail is written only by a statement that commits by itself");
  for (let attempt = 1; ; attempt++) {
    try {
      return await insertOnce(db, input);
    } catch (err) {
      if (inTransaction || attempt >= TICKET_CODE_ATTEMPTS || !isUniqueViolation(err, "tickets_ticket_code_unique")) throw err;
    }
  }
}

function isTransaction(db: Db | Tx): boolean {
  return typeof (db as Tx).rollback === "function";
}

async function insertOnce(db: Db | Tx, input: BookingRowsInput): Promise<CreateBookingResponse | null> {
  const { userId, key, booking: b, actor, paymentInsert } = input;
  const now = input.now ?? new Date();
  const id = crypto.randomUUID();
  const createdAt = now.toISOString();
  const ticketCode = newTicketCode();
  const answer: CreateBookingResponse = {
    booking: { id, service: b.service, bookingDate: b.bookingDate, status: "pending", price: b.price, createdAt },
    ticket: { ticketCode, status: "active" },
    ...(input.answerPayment ? { payment: input.answerPayment } : {}),
    ...input.answerExtra,
  };
  const keyOwner = input.keyOwnerId ?? userId;
  const body = JSON.stringify(answer);

  let claimed: SQL;
  if (input.claim === "insert") {
    if (!input.requestHash) throw new Error("insertBookingRows: claim 'insert' needs the request hash");
    claimed = sql`insert into idempotency_keys (user_id, key, request_hash, response_status, response_body, created_at)
      values (${keyOwner}, ${key}, ${input.requestHash}, 201, ${body}::jsonb, ${createdAt}::timestamptz)
      on conflict do nothing returning user_id`;
  } else {
    claimed = sql`update idempotency_keys set response_status = 201, response_body = ${body}::jsonb
      where user_id = ${keyOwner} and key = ${key} and response_status is null${
        input.claimedAt ? sql` and created_at = ${input.claimedAt.toISOString()}::timestamptz` : sql``
      } returning user_id`;
  }

  const parts: SQL[] = [
    sql`claimed as (${claimed})`,
    sql`booking as (
      insert into bookings (id, user_id, service, booking_date, status, name, email, phone, price, vehicle_type_id, details, payment_ref, pickup_at, created_at, updated_at)
      select ${id}::uuid, ${userId}, ${b.service}, ${b.bookingDate}::date, 'pending', ${b.name}::text, ${b.email}::text, ${b.phone}::text, ${b.price}::numeric,
        ${b.vehicleTypeId}::uuid, ${JSON.stringify(bookingDetailsSchema.parse(b.details))}::jsonb, ${b.paymentRef}::text, ${b.pickupAt?.toISOString() ?? null}::timestamptz, ${createdAt}::timestamptz, ${createdAt}::timestamptz
      from claimed returning id)`,
    sql`booked as (
      insert into booking_events (booking_id, from_status, to_status, actor_id, actor_name, actor_role, note, created_at)
      select id, null, 'pending', ${actor.id}, ${actor.name}, ${actor.role}, ${input.note ?? "Booked"}::text, ${createdAt}::timestamptz from booking)`,
    sql`ticket as (
      insert into tickets (ticket_code, status, booking_id, created_at, updated_at)
      select ${ticketCode}, 'active', id, ${createdAt}::timestamptz, ${createdAt}::timestamptz from booking)`,
  ];
  // The ride's reminder and, for an airport pickup with a flight, the first look at the flight.
  const jobs = [rideReminderJob(id, b.pickupAt, input.reminderLeadHours, now), firstFollowJob(id, b.details, now)].filter((j) => j !== null);
  jobs.forEach((job, i) => parts.push(sql`${sql.raw(i === 0 ? "reminder" : `job${i}`)} as (${jobInsertFrom(job, sql`booking`)})`));
  if (paymentInsert) parts.push(sql`payment as (${paymentInsert(sql`booking`)})`);
  const mail = input.mail?.(ticketCode);
  if (mail) parts.push(sql`mail as (${mail.insert(sql`booking`)})`);
  const [row] = await executeRows(db as Db, sql`with ${sql.join(parts, sql`, `)} select count(*)::int as booked${mail ? sql`, (select id from mail) as mail_id` : sql``} from booking`);
  if (!row?.booked) return null;
  if (mail) mail.written(Number(row.mail_id));
  return answer;
}
