// The test factories (issue 22 point 7): every suite's rows come from here, built on the real services and tables
// and the demo's kind of rate cards; never a switch that turns a rule off. The demo seed keeps its own copies in
// seed/seed.ts.
//   - Booking details: complete `bookings.details` (the one shape the column accepts) for rows inserted directly.
//   - Rows: bookings and tickets inserted straight into the database, for suites that only need rows to look at.
//   - The fleet: vehicle types with known prices, and the app the quote and booking suites start from.
//   - Capacity: chauffeurs, their shifts and cars, so rides can be sold under the availability rule (decision 020).
//   - Valet: the rate card and event the valet, coupon, feature and payment suites price by hand.
//   - Money: completed, paid bookings (a card charge authorised, then captured the way completion does), and their
//     receipt e-mail sent.
import { eq } from "drizzle-orm";
import { todayInServiceArea, type QuoteInput } from "@meridian/shared/booking";
import type { BookingDetails, RideDetails, ValetDetails } from "@meridian/shared/booking-details";
import type { Place } from "@meridian/shared/places";
import { toCents } from "@meridian/shared/pricing";
import { paymentKeys } from "@meridian/shared/payment-lifecycle";
import type { ValetQuoteInput } from "@meridian/shared/valet";
import { addDays, zonedInstant } from "@meridian/shared/zoned-time";
import type { Db } from "../db/client";
import { createRateCard, createTier, createUnit, createUser, createVehicle, setPricingMethod, type CreateUnitInput } from "../seed/factories";
import { account, bookings, shifts, tickets, user, vehicleTypes, vehicleUnits } from "../db/schema";
import { runDueJobs, scheduleJob } from "../jobs/job-runner";
import { noteCharge } from "../payments/charge-gate";
import { bookingCharge as chargeOf } from "../payments/charges";
import { recordPayment, type PaymentRecord } from "../payments/payments.service";
import { RECEIPT_JOB, receiptJobHandlers, receiptJobKey } from "../payments/receipts";
import { invalidatePricingCache } from "../quotes/pricing-data";
import { createFakeGeo, FAKE_PLACES } from "./fake-geo";
import { createTestApp, type TestApp, type TestAppOptions } from "./harness";


// ---- Booking details

export const testPlace = (placeId: string, name: string, address: string): Place => ({
  placeId,
  name,
  address,
  lat: 34.05,
  lng: -118.25,
  precision: "venue",
  components: [],
});

export function rideDetails(over: Partial<RideDetails> = {}): RideDetails {
  const lines = [{ kind: "base" as const, label: "Base fee", amountUsd: 120 }];
  return {
    service: "ride",
    pickup: testPlace("p1", "LAX", "1 World Way, Los Angeles, CA"),
    dropoff: testPlace("p2", "Hotel Bel-Air", "701 Stone Canyon Rd, Los Angeles, CA"),
    passengers: 1,
    luggage: 0,
    date: "2026-06-01",
    time: "12:00",
    vehicleTypeId: "00000000-0000-4000-8000-000000000000",
    miles: 12.3,
    minutes: 30,
    quote: { method: "miles_minutes", vehicleTypeId: "00000000-0000-4000-8000-000000000000", vehicleName: "Sedan", miles: 12.3, minutes: 30, lines, totalUsd: 120, currency: "USD" },
    ...over,
  };
}

export function valetDetails(over: Partial<ValetDetails> = {}): ValetDetails {
  const lines = [{ kind: "base" as const, label: "Event base fee", amountUsd: 120 }];
  return {
    service: "valet",
    customerName: "Ava Sterling",
    eventType: "Wedding",
    eventTypeOther: "",
    address: testPlace("p3", "Hotel Bel-Air", "701 Stone Canyon Rd, Los Angeles, CA"),
    date: "2026-06-01",
    startTime: "17:00",
    endTime: "21:00",
    durationMinutes: 240,
    expectedVehicles: 60,
    attendants: 3,
    notes: "",
    quote: {
      service: "valet",
      eventType: "Wedding",
      eventLabel: "Wedding",
      durationMinutes: 240,
      billableHours: 4,
      expectedVehicles: 60,
      expectedVehiclesDefaulted: false,
      attendants: 3,
      lines,
      totalUsd: 120,
      currency: "USD",
    },
    ...over,
  };
}

/** Complete details for a service ("ride" or "valet"), dated `date` when given. */
export const detailsFor = (service: string, date?: string): BookingDetails =>
  service === "valet" ? valetDetails(date ? { date } : {}) : rideDetails(date ? { date } : {});

// ---- Rows inserted directly

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

// ---- The fleet and the app the quote and booking suites start from

/** A date `days` after today in Los Angeles, "YYYY-MM-DD". */
export function laDate(days: number): string {
  const [y, m, d] = todayInServiceArea().split("-").map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/**
 * Sedan: base $45, 3 passengers, 3 bags, $3.00/mile + $1.00/minute; tiers 0-10 $90, 10-20 $135.
 * SUV: base $65, 6 and 6, $4.00/mile + $1.50/minute; no tiers. Bare: active, no rate card, no tiers.
 * Retired: inactive. Method miles_minutes.
 */
export async function createTestFleet(db: Db) {
  const sedan = await createVehicle(db, { name: "Test Sedan", baseFeeUsd: 45, passengerCapacity: 3, luggageCapacity: 3 });
  await createRateCard(db, sedan.id, 3, 1);
  await createTier(db, sedan.id, 0, 10, 90);
  await createTier(db, sedan.id, 10, 20, 135);
  const suv = await createVehicle(db, { name: "Test SUV", baseFeeUsd: 65, passengerCapacity: 6, luggageCapacity: 6 });
  await createRateCard(db, suv.id, 4, 1.5);
  const bare = await createVehicle(db, { name: "Test Bare Coupe", baseFeeUsd: 10, passengerCapacity: 2, luggageCapacity: 1 });
  const retired = await createVehicle(db, { name: "Test Retired Van", baseFeeUsd: 30, passengerCapacity: 9, luggageCapacity: 9, active: false });
  await createRateCard(db, retired.id, 1, 1);
  await setPricingMethod(db, "miles_minutes");
  invalidatePricingCache();
  return { sedan, suv, bare, retired };
}

export type TestFleet = Awaited<ReturnType<typeof createTestFleet>>;

/**
 * A test app on the fake maps service with the test fleet: how the quote and booking suites start. `capacity`: the
 * chauffeurs on shift and cars of each type the suite's rides need (giveCapacityForDays); none unless asked for.
 */
export async function createFleetTestApp(envOverrides: Record<string, string> = {}, options: TestAppOptions & { capacity?: DaysCapacity } = {}) {
  const { capacity, ...appOptions } = options;
  const t = await createTestApp(envOverrides, { geo: createFakeGeo(), ...appOptions });
  const fleet = await createTestFleet(t.db);
  if (capacity) await giveCapacityForDays(t, capacity);
  return { t, fleet };
}

/** A valid quote request: airport -> hills (12.34 mi, 29.6 min in the fake provider), tomorrow at 09:30. */
export function rideInput(vehicleTypeId: string, overrides: Partial<QuoteInput> = {}): QuoteInput {
  return {
    pickupPlaceId: FAKE_PLACES.airport.placeId,
    dropoffPlaceId: FAKE_PLACES.hills.placeId,
    vehicleTypeId,
    passengers: 1,
    luggage: 0,
    date: laDate(1),
    time: "09:30",
    ...overrides,
  };
}

// ---- Capacity under the availability rule

type AppLike = Pick<TestApp, "db" | "deps">;

/** A staff user with the chauffeur role (verified, with a password), as the Staff page would add. */
export async function createChauffeur(t: AppLike, input: { fullName?: string; email?: string } = {}) {
  return createUser(t.db, t.deps.auth, { role: "chauffeur", fullName: input.fullName ?? "Test Chauffeur", ...(input.email ? { email: input.email } : {}) });
}

/** A chauffeur's shift between two instants (the rule joins one person's back-to-back shifts). */
export async function createShift(db: Db, input: { userId: string; startsAt: Date; endsAt: Date; location?: string }) {
  const [row] = await db
    .insert(shifts)
    .values({ role: "chauffeur", location: "LAX", ...input })
    .returning();
  return row!;
}

/** A car of a vehicle type: in service, a unique plate, unless given. */
export const createCar = (db: Db, vehicleTypeId: string, input: Omit<CreateUnitInput, "vehicleTypeId"> = {}) => createUnit(db, { vehicleTypeId, ...input });

export type CapacityInput = {
  /** The window the chauffeurs are on shift (one shift each, from `from` to `to`). */
  from: Date;
  to: Date;
  /** Chauffeurs on shift through the window. */
  chauffeurs: number;
  /** Cars in service of each vehicle type (default: every active type). */
  unitsPerType: number;
  vehicleTypeIds?: string[];
};

/**
 * Capacity for a window: `chauffeurs` chauffeurs on shift throughout and `unitsPerType` cars of each vehicle type, so
 * that many rides overlapping at one moment can be sold (one more is refused: "Every chauffeur is booked ...").
 * Written in a few statements (the chauffeurs share one password hash), so a suite can ask for dozens.
 */
export async function giveCapacity(t: AppLike, input: CapacityInput) {
  const typeIds = input.vehicleTypeIds ?? (await t.db.select({ id: vehicleTypes.id }).from(vehicleTypes).where(eq(vehicleTypes.active, true))).map((v) => v.id);
  const run = crypto.randomUUID().slice(0, 8);
  const people = Array.from({ length: input.chauffeurs }, (_, i) => ({ id: crypto.randomUUID(), email: `capacity-${run}-${i + 1}@example.com`, name: `Capacity Chauffeur ${i + 1}`, role: "chauffeur", emailVerified: true }));
  const cars = typeIds.flatMap((vehicleTypeId, t) => Array.from({ length: input.unitsPerType }, (_, i) => ({ vehicleTypeId, plate: `C${run.slice(0, 5)}${String(t * 100 + i).padStart(4, "0")}`.toUpperCase(), colour: "Black", year: 2024 })));
  const { chauffeurs, units } = await t.db.transaction(async (tx) => {
    if (!people.length) return { chauffeurs: [], units: cars.length ? await tx.insert(vehicleUnits).values(cars).returning() : [] };
    const hash = await (await t.deps.auth.$context).password.hash("correct-horse-battery");
    const chauffeurs = await tx.insert(user).values(people).returning();
    await tx.insert(account).values(people.map((p) => ({ id: crypto.randomUUID(), accountId: p.id, providerId: "credential", userId: p.id, password: hash })));
    await tx.insert(shifts).values(people.map((p) => ({ userId: p.id, role: "chauffeur", location: "LAX", startsAt: input.from, endsAt: input.to })));
    return { chauffeurs, units: cars.length ? await tx.insert(vehicleUnits).values(cars).returning() : [] };
  });
  t.deps.availability.invalidate(); // the next quote reads the day again, as after a booking
  return { chauffeurs, units };
}

export type DaysCapacity = {
  /** Through the end of this many days from today (Los Angeles); default 8. */
  days?: number;
  /** Rides that can run at one moment: that many chauffeurs on shift, and cars of each type; default 4. */
  rides?: number;
  vehicleTypeIds?: string[];
};

/**
 * The capacity of a suite that books rides over the coming days: `rides` chauffeurs on shift from the start of
 * yesterday to the end of the day after day `days` (Los Angeles; a day either side, so a suite that moves the
 * service's time zone keeps them) and `rides` cars of each active type. A suite that books more rides at one time
 * (every test's ride tomorrow at 09:30, say) asks for as many.
 */
export function giveCapacityForDays(t: AppLike, input: DaysCapacity = {}) {
  const today = todayInServiceArea();
  const at = (days: number) => zonedInstant(addDays(today, days), "00:00", "America/Los_Angeles");
  const { days = 8, rides = 4, vehicleTypeIds } = input;
  return giveCapacity(t, { from: at(-1), to: at(days + 2), chauffeurs: rides, unitsPerType: rides, vehicleTypeIds });
}

/**
 * The same capacity through the admin API, for suites that run the real server in a child process (bench/lib.mjs
 * has its copy): `chauffeurs` chauffeurs added on the Staff page, each on shift round the clock on every day of
 * `dates` (one 00:00 to 00:00 shift a day), and `unitsPerType` cars of each vehicle type offered (else those given).
 */
export async function giveCapacityThroughApi(base: string, adminCookie: string, input: { dates: string[]; chauffeurs: number; unitsPerType: number; vehicleTypeIds?: string[] }) {
  const call = async (method: string, path: string, json?: unknown) => {
    const res = await fetch(base + path, { method, headers: { origin: base, cookie: adminCookie, ...(json ? { "content-type": "application/json" } : {}) }, body: json ? JSON.stringify(json) : undefined });
    const body = (await res.json()) as any;
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(body)}`);
    return body;
  };
  const typeIds = input.vehicleTypeIds ?? ((await call("GET", "/api/vehicles")).vehicles as { id: string }[]).map((v) => v.id);
  const run = crypto.randomUUID().slice(0, 4).toUpperCase();
  for (let i = 0; i < input.chauffeurs; i++) {
    const { staff } = await call("POST", "/api/admin/staff", { fullName: `Capacity Chauffeur ${i + 1}`, email: `capacity-${run}-${i + 1}@example.com`.toLowerCase(), role: "chauffeur" });
    for (const date of input.dates) await call("POST", "/api/admin/shifts", { staffId: staff.id, date, start: "00:00", end: "00:00", role: "chauffeur", location: "LAX" });
  }
  for (const [t, vehicleTypeId] of typeIds.entries()) {
    for (let i = 0; i < input.unitsPerType; i++) await call("POST", "/api/admin/fleet/units", { vehicleTypeId, plate: `CP${run}${String(t * 100 + i).padStart(4, "0")}`, colour: "Black", year: 2024 });
  }
}

// ---- Valet

/** The card the hand-computed valet figures use (shared with the pricing rules' own tests). */
export { TEST_VALET_RATES } from "@meridian/shared/test-data";

/** A valid valet quote request: a corporate event at the hills, a week ahead, 17:00-21:00, 50 cars. */
export const valetEventInput = (overrides: Partial<ValetQuoteInput> & Record<string, unknown> = {}): Record<string, unknown> => ({
  customerName: "Avery Planner",
  eventType: "Corporate",
  date: laDate(7),
  startTime: "17:00",
  endTime: "21:00",
  eventPlaceId: FAKE_PLACES.hills.placeId,
  expectedVehicles: 50,
  ...overrides,
});

// ---- Money: the booking's card charge, and completed paid bookings

/**
 * The booking's card charge (the `payments` row of kind "booking", read by payments/charges.ts bookingCharge, the one
 * query of it), made when missing: POST /api/bookings authorises the total at booking, so this answers that charge,
 * and authorises one itself only for a booking seeded straight into the database.
 */
export async function ensureBookingCharge(app: TestApp, bookingId: string, paymentMethod = "pm_card_visa"): Promise<PaymentRecord> {
  const existing = await chargeOf(app.db, bookingId);
  if (existing) return existing;
  const [booking] = await app.db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking) throw new Error(`no booking ${bookingId}`);
  const intent = await app.deps.payments.authorize(
    { amountCents: toCents(booking.price ?? 0), paymentMethod, description: `Booking ${bookingId}`, metadata: { bookingId } },
    `test:booking:${bookingId}:authorize`,
  );
  return recordPayment(app.db, app.deps.payments.kind, intent, bookingId);
}

export type SeedBooking = {
  userId: string;
  email?: string;
  service?: "ride" | "valet";
  status?: string;
  chauffeurId?: string | null;
  /** Quote lines; the price is their sum. */
  lines?: { kind?: string; label: string; amountUsd: number }[];
  bookingDate?: string;
  /** Valet: event hours on the service area's clock. */
  startTime?: string;
  endTime?: string;
  /** Authorise (and capture, unless false) the booking's charge with this card. */
  paymentMethod?: string;
  capture?: boolean;
};

let codeSeq = 0;

/**
 * A completed (unless `status` says otherwise) ride or valet booking written straight into the database, with an
 * itemised quote and its ticket; with `paymentMethod` or `capture`, its card charge authorised and captured as the
 * completion path does (capture with the hold's settlement key, paymentKeys.capture, then recordPayment).
 */
export async function seedBooking(t: TestApp, input: SeedBooking): Promise<{ id: string; ticketCode: string; price: number }> {
  const service = input.service ?? "ride";
  const lines =
    input.lines ??
    (service === "ride"
      ? [
          { kind: "base", label: "Base fee", amountUsd: 45 },
          { kind: "distance", label: "12.3 mi × $3.00", amountUsd: 36.9 },
          { kind: "time", label: "30 min × $1.00", amountUsd: 30 },
        ]
      : [
          { kind: "attendants", label: "3 attendants × 4 h × $45.00", amountUsd: 540 },
          { kind: "event_type", label: "Wedding surcharge", amountUsd: 75 },
        ]);
  const price = lines.reduce((s, l) => s + toCents(l.amountUsd), 0) / 100;
  const date = input.bookingDate ?? "2026-05-02";
  const details =
    service === "ride"
      ? rideDetails({
          pickup: testPlace("p1", "LAX Terminal 4", "1 World Way, Los Angeles, CA"),
          dropoff: testPlace("p2", "The Beverly Hills Hotel", "9641 Sunset Blvd, Beverly Hills, CA"),
          passengers: 2,
          luggage: 1,
          date,
          time: "09:30",
          quote: { ...rideDetails().quote, lines: lines as RideDetails["quote"]["lines"], totalUsd: price },
        })
      : valetDetails({
          date,
          startTime: input.startTime ?? "17:00",
          endTime: input.endTime ?? "21:00",
          quote: { ...valetDetails().quote, lines: lines as ValetDetails["quote"]["lines"], totalUsd: price },
        });
  const [row] = await t.db
    .insert(bookings)
    .values({
      userId: input.userId,
      service,
      bookingDate: date,
      status: input.status ?? "completed",
      name: "Ava Sterling",
      email: input.email ?? null,
      price,
      details,
      chauffeurId: input.chauffeurId ?? null,
    })
    .returning();
  const ticketCode = `MR-${Date.now().toString(36).toUpperCase().slice(-5)}${(codeSeq++).toString(36).toUpperCase()}`;
  await t.db.insert(tickets).values({ ticketCode, bookingId: row!.id, status: "active" });
  if (input.paymentMethod !== undefined || input.capture !== undefined) {
    await chargeBooking(t, row!.id, { paymentMethod: input.paymentMethod ?? "pm_card_visa", capture: input.capture ?? true });
  }
  return { id: row!.id, ticketCode, price };
}

/** The booking's charge, authorised with the card kept on it (as booking-time authorisation keeps it), and captured. */
export async function chargeBooking(t: TestApp, bookingId: string, opts: { paymentMethod?: string; capture?: boolean } = {}): Promise<PaymentRecord> {
  const paymentMethod = opts.paymentMethod ?? "pm_card_visa";
  const charge = await ensureBookingCharge(t, bookingId, paymentMethod);
  await noteCharge(t.db, charge.intentId, { paymentMethod });
  if (opts.capture === false) return { ...charge, paymentMethod };
  const captured = await t.deps.payments.capture(charge.intentId, undefined, paymentKeys.capture(bookingId, charge.intentId));
  return recordPayment(t.db, t.deps.payments.kind, captured, bookingId);
}

/** Puts the booking's receipt job in the queue, as the capture path does. */
export const scheduleReceipt = (t: TestApp, bookingId: string) =>
  scheduleJob(t.db, { kind: RECEIPT_JOB, key: receiptJobKey(bookingId), runAt: new Date(), payload: { bookingId } });

/** Schedules the booking's receipt and runs the due jobs: the receipt e-mail is in the outbox. */
export async function sendReceipt(t: TestApp, bookingId: string) {
  await scheduleReceipt(t, bookingId);
  await runDueJobs(t.db, receiptJobHandlers(t.deps));
}

/** A $120 booking the customer paid by card, its receipt e-mail sent. */
export async function paidBookingWithReceipt(t: TestApp, customer: { id: string; email: string }) {
  const b = await seedBooking(t, { userId: customer.id, email: customer.email, lines: [{ kind: "base", label: "Base fee", amountUsd: 120 }], paymentMethod: "pm_card_visa" });
  await sendReceipt(t, b.id);
  return b;
}
