// The customer's e-mail after a cancellation or a reschedule, written in the change's own transaction (it exists
// if and only if the change does): who to write to, the ticket, the operations time zone, and the calendar
// entry's next SEQUENCE (the booking's count of recorded moves, which every change raises).
import { eq, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { bookingEvents, tickets, user } from "../db/schema";
import type { Deps } from "../lib/context";
import { bookingCancelledEmail, bookingRescheduledEmail, type ChangeMailFacts } from "../mail/change-emails";
import { getOperationsSettings } from "../settings/settings.service";
import type { BookingRow } from "../bookings";

async function changeFacts(tx: Tx, deps: Deps, b: BookingRow): Promise<ChangeMailFacts | null> {
  const [owner] = b.userId ? await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, b.userId)) : [];
  const to = b.email ?? owner?.email;
  const [ticket] = await tx.select({ code: tickets.ticketCode }).from(tickets).where(eq(tickets.bookingId, b.id)).limit(1);
  if (!to || !ticket) return null;
  const [moves] = await tx.select({ n: sql<number>`count(*)::int` }).from(bookingEvents).where(eq(bookingEvents.bookingId, b.id));
  const { timeZone } = await getOperationsSettings(tx);
  return {
    to,
    name: owner?.name ?? b.name ?? "there",
    ticketCode: ticket.code,
    details: b.details,
    timeZone,
    sequence: Math.max(1, moves?.n ?? 1),
    dashboardUrl: `${deps.config.publicUrl}/dashboard`,
  };
}

export async function mailCancellation(tx: Tx, deps: Deps, b: BookingRow, cancel: { feeUsd: number; byMeridian?: { reason: string } }) {
  const facts = await changeFacts(tx, deps, b);
  if (facts) await deps.mailer.send(bookingCancelledEmail({ ...facts, ...cancel }), { tx });
}

export async function mailReschedule(tx: Tx, deps: Deps, b: BookingRow, previous: string) {
  const facts = await changeFacts(tx, deps, b);
  if (facts) await deps.mailer.send(bookingRescheduledEmail({ ...facts, previous }), { tx });
}
