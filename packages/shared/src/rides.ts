// Ride operations: the operations settings, staff and shifts, dispatch (assignment), the chauffeur's steps,
// and the customer's cancel and reschedule. Inputs (one zod schema each), answers, messages and the pure
// rules (ride window and overlap, shift cover, cancellation fee).
import { z } from "zod";
import { fullNameSchema, staffRoles } from "./auth";
import { bookingStatuses } from "./booking-status";
import { rideDateSchema, rideTimeSchema } from "./booking";
import { calendarDateSchema } from "./booking-time";
import { emailSchema } from "./email";
import { isTimeZone } from "./zoned-time";
import { percentOfCents, roundToCents } from "./money";
import type { RideCar } from "./fleet-units";
import type { DispatchBoard, DispatchChauffeur, DispatchRide, DispatchUnit, RideAssignment, Shift, StaffCreated, StaffMember, StaffRide } from "./rides/answers";
export type { DispatchBoard, DispatchChauffeur, DispatchRide, DispatchUnit, RideAssignment, Shift, StaffCreated, StaffMember, StaffRide };

const isoDate = calendarDateSchema();
const hhmm = (what: string) => z.string({ error: `${what}: use a time like 09:30.` }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${what}: use a time like 09:30.`);
const wholeNumber = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number from ${min} to ${max}.` })
    .int(`${label} must be a whole number from ${min} to ${max}.`)
    .min(min, `${label} must be a whole number from ${min} to ${max}.`)
    .max(max, `${label} must be a whole number from ${min} to ${max}.`);

// ---- Operations settings (admin Settings, Operations tab)
export const operationsSettingsSchema = z.strictObject({
  /** Free cancellation until this many hours before pickup. */
  cancellationCutoffHours: wholeNumber("Cancellation cut-off", 0, 168),
  /** After the cut-off, this share of the fare (percent) is the cancellation fee. */
  cancellationFeePercent: wholeNumber("Cancellation fee", 0, 100),
  /** Added after a ride's quoted minutes before the chauffeur's next ride may start. */
  dispatchBufferMinutes: wholeNumber("Dispatch buffer", 0, 240),
  /** The reminder e-mail goes out this many hours before pickup. */
  reminderLeadHours: wholeNumber("Reminder lead time", 1, 168),
  /** Rides are booked at least this many hours ahead. */
  rideNoticeHours: wholeNumber("Ride notice", 0, 168),
  /** Valet events are booked at least this many hours ahead. */
  valetNoticeHours: wholeNumber("Valet notice", 0, 720),
  /** A pending or confirmed ride this long past its pickup is closed as expired (its hold released, the customer told). */
  overdueGraceMinutes: wholeNumber("Overdue grace period", 15, 1440),
  /** An airport pickup's free waiting, from its (flight-moved) pickup time. */
  airportWaitIncludedMinutes: wholeNumber("Included airport waiting", 0, 240).default(60),
  /** Each started minute of waiting beyond the included time, in cents (a line added at completion). */
  waitingCentsPerMinute: wholeNumber("Waiting rate", 0, 10000).default(150),
  timeZone: z
    .string({ error: "Choose a time zone such as America/Los_Angeles." })
    .trim()
    .refine(isTimeZone, "Choose a time zone such as America/Los_Angeles."),
  /**
   * Rides are sold for pickups from `open` until before `close` (the service's clock; a close before the open runs
   * past midnight). null: around the clock.
   */
  operatingHours: z
    .strictObject(
      { open: hhmm("Opening time"), close: hhmm("Closing time") },
      { error: "Operating hours: give an opening and a closing time, or none for around the clock." },
    )
    .refine((h) => h.open !== h.close, { message: "Closing time must differ from the opening time (no hours means around the clock).", path: ["close"] })
    .nullable()
    .default(null),
  /** Days ("YYYY-MM-DD", the service's clock) with no rides sold: a ride touching one is refused. Kept sorted, once each. */
  blackoutDates: z
    .array(calendarDateSchema("Blackout dates: use a real calendar date like 2026-12-25."), { error: "Blackout dates: give a list of dates like 2026-12-25." })
    .max(366, "Blackout dates: at most 366 days.")
    .transform((days) => [...new Set(days)].sort())
    .default([]),
});
export type OperationsSettings = z.infer<typeof operationsSettingsSchema>;

export const DEFAULT_OPERATIONS_SETTINGS: OperationsSettings = {
  cancellationCutoffHours: 24,
  cancellationFeePercent: 50,
  dispatchBufferMinutes: 30,
  reminderLeadHours: 24,
  rideNoticeHours: 2,
  valetNoticeHours: 24,
  overdueGraceMinutes: 120,
  airportWaitIncludedMinutes: 60,
  waitingCentsPerMinute: 150,
  timeZone: "America/Los_Angeles",
  operatingHours: null,
  blackoutDates: [],
};

// ---- Staff and shifts
export const staffRoleSchema = z.enum(staffRoles, { error: "Role must be valet, chauffeur or dispatcher." });
export const createStaffSchema = z.strictObject({
  fullName: fullNameSchema,
  email: emailSchema({ lowercase: true }),
  role: staffRoleSchema,
});
export type CreateStaffInput = z.infer<typeof createStaffSchema>;


export const createShiftSchema = z.strictObject({
  staffId: z.string({ error: "Choose a staff member." }).min(1, "Choose a staff member.").max(100),
  date: isoDate,
  start: hhmm("Start"),
  /** An end at or before the start ends the next day (a night shift). */
  end: hhmm("End"),
  role: staffRoleSchema,
  location: z.string({ error: "Location is required." }).trim().min(1, "Location is required.").max(120, "Location must be at most 120 characters."),
});
export type CreateShiftInput = z.infer<typeof createShiftSchema>;

export const shiftsQuerySchema = z.object({ from: isoDate, days: z.coerce.number().int().min(1).max(31).default(7) });
export type ShiftsQuery = z.infer<typeof shiftsQuerySchema>;


export const SHIFT_OVERLAP_MESSAGE = "This shift overlaps another shift of the same person. Change the times or remove the other shift.";

// ---- Dispatch
export const dispatchQuerySchema = z.object({ date: isoDate.optional() });
export const assignmentSchema = z.strictObject({
  chauffeurId: z.string({ error: "Choose a chauffeur." }).min(1, "Choose a chauffeur.").max(100),
  vehicleId: z.uuid({ error: "Choose a vehicle." }).optional(),
  /** The car sent: a unit of the vehicle type, in service, on no overlapping ride. Absent: none chosen (or the one kept). */
  unitId: z.uuid({ error: "Choose a car of the fleet." }).optional(),
});
export type AssignmentInput = z.infer<typeof assignmentSchema>;


// ---- The chauffeur's phone
const rideStatusSchema = z.enum(bookingStatuses, { error: "Status must be a ride status such as en_route." });
export const rideStatusChangeSchema = z.strictObject({ status: rideStatusSchema });

// ---- The customer's ride, cancel and reschedule
export type RideProgress = { chauffeurFirstName: string | null; vehicleName: string | null; car: RideCar | null; pickupAt: string | null };
import type { CancellationTerms } from "./bookings/answers";
export type { CancellationTerms };
export const customerCancelSchema = z.strictObject({
  /** The fee the customer was shown and accepts (0 when free); a different fee is refused, never charged. */
  acceptFeeUsd: z.number({ error: "Send the cancellation fee you accept." }).min(0).max(100_000),
});
export const adminCancelSchema = z.strictObject({
  reason: z.string({ error: "Give a reason for the cancellation." }).trim().min(3, "Give a reason for the cancellation.").max(500, "The reason must be at most 500 characters."),
});
export const rescheduleSchema = z.strictObject({
  date: rideDateSchema,
  time: rideTimeSchema,
  /** A quote for the same ride at the new date and time (POST /api/quotes). */
  quoteId: z.string({ error: "Get a quote for the new time first." }).min(1, "Get a quote for the new time first.").max(4096),
  /** Needed when the new price differs from the booked one. */
  acceptNewPrice: z.boolean().optional(),
});
export type RescheduleInput = z.infer<typeof rescheduleSchema>;
export const PRICE_CHANGED_ON_RESCHEDULE = "The price for the new time is different. Please confirm the new price.";
/** A ride moved into the hold window is authorised for its new total on the card kept for it; that card needs its 3-D Secure step. */
export const RESCHEDULE_CARD_NEEDS_STEP = "Your card needs an authentication step for the new total. Please cancel and book the new time instead.";
export const CANCEL_FEE_CHANGED = "The cancellation fee has changed. Please review it and confirm again.";

// ---- Pure rules
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** The time a ride takes a chauffeur: from pickup for the quoted minutes plus the buffer. */
export function rideWindow(pickupAt: Date, minutes: number, bufferMinutes: number): { start: Date; end: Date } {
  return { start: pickupAt, end: new Date(pickupAt.getTime() + Math.ceil(minutes) * MINUTE + bufferMinutes * MINUTE) };
}

/** Half-open intervals [start, end): touching ends do not overlap. */
export function overlaps(a: { start: Date; end: Date }, b: { start: Date; end: Date }): boolean {
  return a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();
}

/** Whether one of the shifts covers the whole window. */
export function coveredByShift(window: { start: Date; end: Date }, shifts: { startsAt: Date; endsAt: Date }[]): boolean {
  return shifts.some((s) => s.startsAt.getTime() <= window.start.getTime() && window.end.getTime() <= s.endsAt.getTime());
}

/**
 * Free until the cut-off (inclusive), then a share of the fare, computed in cents (percentOfCents). The fee shown is
 * the fee the server stores on the booking and captures (rides/cancel.service.ts, payments' settlement).
 */
export function cancellationTerms(input: { pickupAt: Date; now: Date; priceUsd: number; settings: Pick<OperationsSettings, "cancellationCutoffHours" | "cancellationFeePercent"> }): CancellationTerms {
  const { cancellationCutoffHours: cutoffHours, cancellationFeePercent: feePercent } = input.settings;
  const cutoffAt = new Date(input.pickupAt.getTime() - cutoffHours * HOUR);
  const free = input.now.getTime() <= cutoffAt.getTime() || feePercent === 0;
  const feeUsd = free ? 0 : percentOfCents(roundToCents(input.priceUsd), feePercent) / 100;
  return { free, feeUsd, cutoffAt: cutoffAt.toISOString(), feePercent, cutoffHours };
}

/** The first name we tell the customer. */
export const firstName = (fullName: string) => fullName.trim().split(/\s+/)[0] ?? fullName;
