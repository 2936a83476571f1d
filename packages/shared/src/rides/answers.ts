// The rides domain's answers (zod): staff and shifts, the dispatch board, the chauffeur's rides and the operations
// settings, as the API sends them. The types of rides.ts (DispatchBoard, StaffRide, ...) are inferred from these.
import { z } from "zod";
import { staffRoles } from "../roles";
import { bookingStatuses } from "../booking-status";
import { rideCarSchema } from "../fleet-units";
import { flightIdentitySchema, flightPhases } from "../flights";
import type { OperationsSettings } from "../rides";

const count = z.number().int().nonnegative();
const staffRole = z.enum(staffRoles);
const bookingStatus = z.enum(bookingStatuses);

export const staffMemberSchema = z.object({
  id: z.string(),
  fullName: z.string(),
  email: z.email(),
  phone: z.string().nullable(),
  role: staffRole,
  status: z.enum(["active", "inactive"]),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffListResponseSchema = z.object({ staff: z.array(staffMemberSchema) });
/** POST /api/admin/staff: 201 a new account (e-mailed to set a password), 200 an existing one given the role. */
export const staffCreatedSchema = z.object({ staff: staffMemberSchema, created: z.boolean() });
export type StaffCreated = z.infer<typeof staffCreatedSchema>;

export const shiftSchema = z.object({
  id: z.string(),
  staffId: z.string(),
  staffName: z.string(),
  role: staffRole,
  location: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
});
export type Shift = z.infer<typeof shiftSchema>;
export const shiftsResponseSchema = z.object({ shifts: z.array(shiftSchema), timeZone: z.string() });
export const shiftResponseSchema = z.object({ shift: shiftSchema });

/** What a shift change would strand (availability.ts). */
export const shiftWarningSchema = z.object({
  kind: z.enum(["ride_outlasts_shift", "short_after_shift_change"]),
  at: z.string(),
  chauffeurId: z.string().nullable(),
  rideIds: z.array(z.string()),
  message: z.string(),
});
export const shiftWarningsResponseSchema = z.object({ warnings: z.array(shiftWarningSchema) });
/** Per hour of the day: rides sold against chauffeurs and cars available (availability.ts). */
export const hourCapacitySchema = z.object({ hour: z.number().int().min(0).max(23), startsAt: z.string(), sold: count, unassigned: count, chauffeurs: count, units: count, short: z.boolean() });

export const operationsSettingsAnswerSchema = z.object({
  cancellationCutoffHours: z.number().nonnegative(),
  cancellationFeePercent: z.number().min(0).max(100),
  dispatchBufferMinutes: z.number().nonnegative(),
  reminderLeadHours: z.number().nonnegative(),
  rideNoticeHours: z.number().nonnegative(),
  valetNoticeHours: z.number().nonnegative(),
  overdueGraceMinutes: z.number().nonnegative(),
  airportWaitIncludedMinutes: z.number().nonnegative(),
  waitingCentsPerMinute: z.number().int().nonnegative(),
  timeZone: z.string(),
  operatingHours: z.object({ open: z.string(), close: z.string() }).nullable().describe("Hours rides are sold (HH:MM, the service's clock); null: around the clock"),
  blackoutDates: z.array(z.string()).describe("Days (YYYY-MM-DD) with no rides sold"),
});
// The answer is exactly what the settings hold: a field added to one and not the other fails typecheck here.
const _sameOperations: [z.infer<typeof operationsSettingsAnswerSchema>, OperationsSettings] extends [OperationsSettings, z.infer<typeof operationsSettingsAnswerSchema>] ? true : never = true;
void _sameOperations;
export const operationsSettingsResponseSchema = z.object({ operations: operationsSettingsAnswerSchema });

/** An airport pickup's flight as dispatch and the chauffeur see it (times on the service's clock, "HH:MM"). */
export const rideFlightViewSchema = flightIdentitySchema.extend({
  phase: z.enum(flightPhases).nullable(),
  scheduledTime: z.string(),
  estimatedTime: z.string().nullable(),
  delayMinutes: z.number().int(),
  terminal: z.string().nullable(),
  bookedTime: z.string().describe("The pickup as booked, before the flight moved it"),
  checkedAt: z.string().nullable(),
});
export type RideFlightView = z.infer<typeof rideFlightViewSchema>;

export const rideAssignmentSchema = z.object({
  chauffeurId: z.string(),
  chauffeurName: z.string(),
  vehicleId: z.string(),
  vehicleName: z.string(),
  unitId: z.string().nullable().describe("The car sent, when dispatch chose one"),
  car: rideCarSchema.nullable(),
});
export type RideAssignment = z.infer<typeof rideAssignmentSchema>;
/** A car the desk can send (in service). */
export const dispatchUnitSchema = z.object({ id: z.string(), vehicleTypeId: z.string(), plate: z.string(), colour: z.string(), year: z.number().int() });
export type DispatchUnit = z.infer<typeof dispatchUnitSchema>;

const rideFields = {
  id: z.string(),
  status: bookingStatus,
  pickupAt: z.string(),
  endsAt: z.string(),
  time: z.string(),
  minutes: count,
  pickup: z.string(),
  dropoff: z.string(),
  passengers: count,
  luggage: count,
  vehicleTypeId: z.string().nullable(),
  vehicleTypeName: z.string().nullable(),
  customerName: z.string().nullable(),
  flight: rideFlightViewSchema.nullable().describe("An airport pickup's flight and its live status (null: no flight)"),
};
export const dispatchRideSchema = z.object({
  ...rideFields,
  assignment: rideAssignmentSchema.nullable(),
  paymentNeeded: z.boolean().describe("The card could not be authorised again before this far-off ride: the customer has been asked to confirm one"),
});
export type DispatchRide = z.infer<typeof dispatchRideSchema>;
export const dispatchChauffeurSchema = z.object({ id: z.string(), fullName: z.string(), shifts: z.array(z.object({ startsAt: z.string(), endsAt: z.string(), location: z.string() })) });
export type DispatchChauffeur = z.infer<typeof dispatchChauffeurSchema>;
/** GET /api/admin/dispatch: a day's rides, chauffeurs on shift, vehicles, cars, capacity and warnings. */
export const dispatchBoardSchema = z.object({
  date: z.string(),
  timeZone: z.string(),
  bufferMinutes: count,
  rides: z.array(dispatchRideSchema),
  chauffeurs: z.array(dispatchChauffeurSchema),
  vehicles: z.array(z.object({ id: z.string(), name: z.string(), passengerCapacity: count, luggageCapacity: count })),
  units: z.array(dispatchUnitSchema).describe("The cars in service, of the active vehicle types"),
  capacity: z.array(hourCapacitySchema),
  warnings: z.array(shiftWarningSchema),
});
export type DispatchBoard = z.infer<typeof dispatchBoardSchema>;

/** A ride on the chauffeur's phone, with the moves they may make. */
export const staffRideSchema = z.object({
  ...rideFields,
  customerPhone: z.string().nullable(),
  vehicleName: z.string().nullable(),
  car: rideCarSchema.nullable().describe("The car to drive, when dispatch chose one"),
  nextStatuses: z.array(bookingStatus),
});
export type StaffRide = z.infer<typeof staffRideSchema>;
/** GET /api/staff/rides (and each step's answer). */
export const staffRidesResponseSchema = z.object({ rides: z.array(staffRideSchema), timeZone: z.string() });
