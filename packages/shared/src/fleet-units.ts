// The fleet's cars (units): each is one car of a vehicle type, with its plate, colour, year and status. The inputs
// of the admin Fleet screen and of GET/POST /api/admin/fleet/units and PATCH .../:id (one schema each), the answers,
// and how a car is named to the chauffeur and the customer ("Black Executive Sedan · 8MER123").
import { z } from "zod";

export const unitStatuses = ["in_service", "maintenance", "retired"] as const;
export type UnitStatus = (typeof unitStatuses)[number];
export const UNIT_STATUS_LABELS: Record<UnitStatus, string> = { in_service: "In Service", maintenance: "Maintenance", retired: "Retired" };

/** The earliest model year accepted, and the latest (next year's models are sold from the summer before). */
export const UNIT_MIN_YEAR = 1950;
export const unitMaxYear = (now: Date = new Date()) => now.getUTCFullYear() + 1;

export const PLATE_MESSAGE = "Plate: 2 to 10 letters, digits, spaces or dashes.";
export const COLOUR_MESSAGE = "Colour is required (at most 40 characters).";
export const yearMessage = (now: Date = new Date()) => `Year must be a whole number from ${UNIT_MIN_YEAR} to ${unitMaxYear(now)}.`;
export const plateTakenMessage = (plate: string) => `Another car already has the plate ${plate}. Check the plate.`;

/** Plates are compared and stored upper-case, with single spaces. */
export const normalisePlate = (raw: string) => raw.trim().replace(/\s+/g, " ").toUpperCase();

const plateSchema = z
  .string({ error: PLATE_MESSAGE })
  .transform(normalisePlate)
  .pipe(z.string().regex(/^[A-Z0-9][A-Z0-9 -]{0,8}[A-Z0-9]$/, PLATE_MESSAGE));
const colourSchema = z.string({ error: COLOUR_MESSAGE }).trim().min(1, COLOUR_MESSAGE).max(40, COLOUR_MESSAGE);
const yearSchema = z
  .number({ error: yearMessage() })
  .int(yearMessage())
  .min(UNIT_MIN_YEAR, yearMessage())
  .max(unitMaxYear(), yearMessage());
const statusSchema = z.enum(unitStatuses, { error: "Status must be in_service, maintenance or retired." });

export const unitInputSchema = z.strictObject({
  vehicleTypeId: z.uuid({ error: "Choose a vehicle type." }),
  plate: plateSchema,
  colour: colourSchema,
  year: yearSchema,
  status: statusSchema.default("in_service"),
});
export type UnitInput = z.input<typeof unitInputSchema>;
export type NewUnit = z.output<typeof unitInputSchema>;

export const unitUpdateSchema = z
  .strictObject({ vehicleTypeId: z.uuid({ error: "Choose a vehicle type." }), plate: plateSchema, colour: colourSchema, year: yearSchema, status: statusSchema })
  .partial()
  .refine((v) => Object.keys(v).length > 0, "Send at least one field to change.");
export type UnitUpdate = z.input<typeof unitUpdateSchema>;
export type UnitPatch = z.output<typeof unitUpdateSchema>;

export const unitsQuerySchema = z.object({
  vehicleTypeId: z.uuid({ error: "Choose a vehicle type." }).optional(),
  status: statusSchema.optional(),
});

/** One car as the admin API answers it. */
export const adminUnitSchema = z.object({
  id: z.string(),
  vehicleTypeId: z.string(),
  vehicleTypeName: z.string(),
  plate: z.string(),
  colour: z.string(),
  year: z.number(),
  status: z.enum(unitStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminUnit = z.infer<typeof adminUnitSchema>;
export const unitResponseSchema = z.object({ unit: adminUnitSchema });
export const unitsResponseSchema = z.object({ units: z.array(adminUnitSchema) });

/** The car the chauffeur drives and the customer looks for. */
export const rideCarSchema = z.object({ colour: z.string(), model: z.string(), plate: z.string() });
export type RideCar = z.infer<typeof rideCarSchema>;

/** "Black Executive Sedan · 8MER123". */
export const carLabel = (car: RideCar) => `${car.colour} ${car.model} · ${car.plate}`;

/** The new-car form's defaults. */
export const NEW_UNIT_DEFAULTS = { plate: "", colour: "", year: new Date().getUTCFullYear(), status: "in_service" as UnitStatus };
