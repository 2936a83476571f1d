import { desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { firstName } from "@meridian/shared/rides";
import { orderForCustomer } from "@meridian/shared/booking-status";
import { startTimeOf } from "@meridian/shared/booking-details";
import { zonedInstant } from "@meridian/shared/zoned-time";
import { getOperationsSettings } from "../settings/settings.service";
import type { Profile, UpdateProfileInput } from "@meridian/shared/profile";
import { toAdminUser } from "../auth";
import type { Db } from "../db/client";
import { bookings, tickets, user, vehicleTypes, vehicleUnits } from "../db/schema";
import { bookingCharges } from "../payments";
import { paymentStatusLabel } from "@meridian/shared/payment-status";
import { notFound } from "../lib/errors";

type UserRow = typeof user.$inferSelect;

/** The customer's own profile: the same fields as the admin's Users list shows. */
export const toProfile = (row: UserRow): Profile => toAdminUser(row);

export async function getProfile(db: Db, userId: string): Promise<Profile> {
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  if (!row) throw notFound("Profile not found.");
  return toProfile(row);
}

export async function updateProfile(db: Db, userId: string, input: UpdateProfileInput): Promise<Profile> {
  const [row] = await db
    .update(user)
    .set({ name: input.fullName, phone: input.phone ? input.phone : null })
    .where(eq(user.id, userId))
    .returning();
  if (!row) throw notFound("Profile not found.");
  return toProfile(row);
}

const chauffeur = alias(user, "chauffeur");

/**
 * The customer's bookings, live and upcoming first (soonest start first), then past ones (most recent first), with
 * the ride's progress: the chauffeur's first name and vehicle once assigned.
 */
export async function listMyBookings(db: Db, userId: string) {
  const { timeZone } = await getOperationsSettings(db);
  const rows = await db
    .select({
      id: bookings.id,
      service: bookings.service,
      bookingDate: bookings.bookingDate,
      status: bookings.status,
      price: bookings.price,
      createdAt: bookings.createdAt,
      details: bookings.details,
      pickupAt: bookings.pickupAt,
      chauffeurName: chauffeur.name,
      vehicleName: vehicleTypes.name,
      unitColour: vehicleUnits.colour,
      unitPlate: vehicleUnits.plate,
      cancellationFee: bookings.cancellationFee,
      cancelledAt: bookings.cancelledAt,
    })
    .from(bookings)
    .leftJoin(chauffeur, eq(bookings.chauffeurId, chauffeur.id))
    .leftJoin(vehicleTypes, eq(bookings.assignedVehicleTypeId, vehicleTypes.id))
    .leftJoin(vehicleUnits, eq(bookings.unitId, vehicleUnits.id))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(bookings.createdAt));
  const startsAt = (r: (typeof rows)[number]) => r.pickupAt ?? zonedInstant(r.bookingDate, startTimeOf(r.details), timeZone);
  // Each booking's charge (its newest "booking" payment, as bookingCharge reads it), in one query for the list.
  const charges = await bookingCharges(db, rows.map((r) => r.id));
  return orderForCustomer(rows.map((r) => ({ ...r, startsAt: startsAt(r) }))).map(({ chauffeurName, startsAt: _, unitColour, unitPlate, ...r }) => ({
    ...r,
    car: unitColour && unitPlate && r.vehicleName ? { colour: unitColour, model: r.vehicleName, plate: unitPlate } : null,
    chauffeurFirstName: chauffeurName ? firstName(chauffeurName) : null,
    payment: paymentStatusLabel(charges.get(r.id) ?? null, r),
  }));
}

export async function listMyTickets(db: Db, userId: string) {
  return db
    .select({
      id: tickets.id,
      ticketCode: tickets.ticketCode,
      status: tickets.status,
      createdAt: tickets.createdAt,
      bookingId: tickets.bookingId,
      service: bookings.service,
      bookingDate: bookings.bookingDate,
    })
    .from(tickets)
    .innerJoin(bookings, eq(tickets.bookingId, bookings.id))
    .where(eq(bookings.userId, userId))
    .orderBy(desc(tickets.createdAt));
}
