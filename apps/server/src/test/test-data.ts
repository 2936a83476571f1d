// Test-only helpers: bookings and tickets inserted straight into the database (the booking API is
// another module's; these tests only need rows to look at).
import type { Db } from "../db/client";
import { bookings, tickets } from "../db/schema";
import { detailsFor } from "./booking-details";

let n = 0;
let lastAt = 0;
/** Now, but always later than the previous row's time: rows inserted in a row never tie on "newest first". */
function nextCreatedAt(): Date {
  lastAt = Math.max(Date.now(), lastAt + 1);
  return new Date(lastAt);
}

export async function insertBooking(db: Db, input: Partial<typeof bookings.$inferInsert> = {}) {
  const service = input.service ?? "ride";
  const bookingDate = input.bookingDate ?? "2026-06-01";
  const [row] = await db
    .insert(bookings)
    .values({
      service,
      bookingDate,
      status: "pending",
      price: 120,
      name: "Guest Booker",
      email: "guest@example.com",
      createdAt: nextCreatedAt(),
      details: detailsFor(service, bookingDate),
      ...input,
    })
    .returning();
  return row!;
}

export async function insertTicket(db: Db, bookingId: string | null, input: Partial<typeof tickets.$inferInsert> = {}) {
  n += 1;
  const [row] = await db
    .insert(tickets)
    .values({ ticketCode: `MER-T${Date.now().toString(36).toUpperCase()}${n}`, bookingId, createdAt: nextCreatedAt(), ...input })
    .returning();
  return row!;
}
