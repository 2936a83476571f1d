// One schema for PGlite and PostgreSQL. Columns are snake_case; the TypeScript side is camelCase.
// Money is numeric(10,2) read as a JS number; totals are rounded to cents in packages/shared/pricing.
import { relations, sql } from "drizzle-orm";
import {
  bigint,
  doublePrecision,
  boolean,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { bookingDetailsSchema, type BookingDetails } from "@meridian/shared/booking-details";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
/** A file attached to an e-mail: text content (e.g. text/calendar), or binary as base64 (e.g. a PDF receipt). */
export type MailAttachment = { filename: string; contentType: string; content: string; encoding?: "base64" };

/**
 * bookings.details: jsonb typed as BookingDetails and parsed by its schema on the way in (every write) and on the
 * way out (every read), so no reader guesses at its keys and nothing else can be stored.
 */
const bookingDetails = customType<{ data: BookingDetails; driverData: unknown }>({
  dataType: () => "jsonb",
  toDriver: (value) => JSON.stringify(bookingDetailsSchema.parse(value)),
  fromDriver: (value) => bookingDetailsSchema.parse(typeof value === "string" ? JSON.parse(value) : value),
});

const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: "number" });

// ---- Accounts (better-auth core + admin plugin). The user row is the profile:
// name = full name, phone, role (admin | staff | user), banned = inactive.
export const user = pgTable("user", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  phone: text("phone"),
  role: text("role").notNull().default("user"),
  banned: boolean("banned").notNull().default(false),
  banReason: text("ban_reason"),
  banExpires: timestamp("ban_expires", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  "session",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("session_user_id_idx").on(t.userId)],
);

export const account = pgTable(
  "account",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("account_user_id_idx").on(t.userId)],
);

/** Lets better-auth read a session and its user in one query (advanced.database.joins in auth/auth.ts). */
export const sessionRelations = relations(session, ({ one }) => ({ user: one(user, { fields: [session.userId], references: [user.id] }) }));
export const userRelations = relations(user, ({ many }) => ({ sessions: many(session), accounts: many(account) }));
export const accountRelations = relations(account, ({ one }) => ({ user: one(user, { fields: [account.userId], references: [user.id] }) }));

export const verification = pgTable(
  "verification",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verification_identifier_idx").on(t.identifier)],
);

export const rateLimit = pgTable("rate_limit", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

/**
 * Failed sign-ins per e-mail address (auth/lockout.ts), whatever the client's address, and whether or not an
 * account has that address (so the answers never tell). From the 5th failure in a row the address is locked for a
 * delay that doubles with each further failure; a successful sign-in or a password reset clears the row.
 */
export const signInLockouts = pgTable("sign_in_lockouts", {
  email: text("email").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
  /** When the account's owner was told of this run of failures (once per run). */
  notifiedAt: timestamp("notified_at", { withTimezone: true }),
});

/** One row the readiness check writes (GET /api/health/ready): a database that answers but cannot write is not ready. */
export const healthChecks = pgTable("health_checks", {
  id: text("id").primaryKey(),
  checkedAt: timestamp("checked_at", { withTimezone: true }).notNull(),
});

// ---- Marketing and mail
export const newsletterSubscriptions = pgTable("newsletter_subscriptions", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: text("email").notNull().unique(),
  createdAt: createdAt(),
});

/** The embedded outbox: every e-mail sent while SMTP_URL is unset. */
export const outboxEmails = pgTable("outbox_emails", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  subject: text("subject").notNull(),
  text: text("text").notNull(),
  html: text("html"),
  /** Files sent with the e-mail (e.g. a booking's .ics calendar entry). */
  attachments: jsonb("attachments").$type<MailAttachment[]>(),
  createdAt: createdAt(),
});

/** The embedded SMS outbox: every text message sent while SMS_PROVIDER is "outbox" (shown in the dev mailbox). */
export const outboxSms = pgTable("outbox_sms", {
  id: serial("id").primaryKey(),
  to: text("to").notNull(),
  body: text("body").notNull(),
  createdAt: createdAt(),
});

/**
 * Outgoing mail in SMTP mode (mail/mailer.ts): every e-mail is written here first, then delivered; a failed
 * delivery stays `pending` and is retried with backoff until `sent`, or `failed` after about a day.
 * A worker claims a due row by pushing `next_attempt_at` forward (a lease), so two processes never send it together.
 */
export const mailQueue = pgTable(
  "mail_queue",
  {
    id: serial("id").primaryKey(),
    to: text("to").notNull(),
    subject: text("subject").notNull(),
    text: text("text").notNull(),
    html: text("html"),
    attachments: jsonb("attachments").$type<MailAttachment[]>(),
    status: text("status").notNull().default("pending"), // pending | sent | failed
    /** Delivery attempts made so far. */
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("mail_queue_status_next_attempt_idx").on(t.status, t.nextAttemptAt)],
);

// ---- Fleet and pricing
export const vehicleTypes = pgTable("vehicle_types", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  baseFeeUsd: money("base_fee_usd").notNull().default(0),
  passengerCapacity: integer("passenger_capacity").notNull().default(1),
  luggageCapacity: integer("luggage_capacity").notNull().default(1),
  active: boolean("active").notNull().default(true),
  createdAt: createdAt(),
});

/**
 * The cars themselves: each unit is one car of a vehicle type (plate, colour, year). Only `in_service` units are
 * assigned to rides; a unit is never on two overlapping rides (checked under a lock on the unit's row).
 */
export const vehicleUnits = pgTable(
  "vehicle_units",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vehicleTypeId: uuid("vehicle_type_id")
      .notNull()
      .references(() => vehicleTypes.id, { onDelete: "restrict" }),
    /** Upper-case, unique. */
    plate: text("plate").notNull().unique(),
    colour: text("colour").notNull(),
    year: integer("year").notNull(),
    status: text("status").notNull().default("in_service"), // in_service | maintenance | retired
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("vehicle_units_type_idx").on(t.vehicleTypeId)],
);

export const rideRateCards = pgTable("ride_rate_cards", {
  id: uuid("id").primaryKey().defaultRandom(),
  vehicleTypeId: uuid("vehicle_type_id")
    .notNull()
    .unique()
    .references(() => vehicleTypes.id, { onDelete: "cascade" }),
  perMileUsd: money("per_mile_usd").notNull().default(0),
  perMinuteUsd: money("per_minute_usd").notNull().default(0),
  active: boolean("active").notNull().default(false),
});

export const rideFixedTiers = pgTable(
  "ride_fixed_tiers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    vehicleTypeId: uuid("vehicle_type_id")
      .notNull()
      .references(() => vehicleTypes.id, { onDelete: "cascade" }),
    milesMin: numeric("miles_min", { precision: 8, scale: 2, mode: "number" }).notNull(),
    milesMax: numeric("miles_max", { precision: 8, scale: 2, mode: "number" }).notNull(),
    priceUsd: money("price_usd").notNull(),
    active: boolean("active").notNull().default(true),
  },
  (t) => [index("ride_fixed_tiers_vehicle_idx").on(t.vehicleTypeId)],
);

/** One row per service; 'ride' -> miles_minutes | fixed_tiers. */
export const pricingMethods = pgTable("pricing_methods", {
  service: text("service").primaryKey(),
  method: text("method").notNull().default("miles_minutes"),
  updatedAt: updatedAt(),
});

/**
 * The event valet rate card (packages/shared/src/valet-pricing.ts): one 'draft' row the admin edits and saves,
 * and one 'published' row that quotes and bookings use; Publish Changes copies the draft over it.
 */
export const valetRateCards = pgTable("valet_rate_cards", {
  stage: text("stage").primaryKey(), // draft | published
  eventBaseFeeUsd: money("event_base_fee_usd").notNull(),
  attendantHourlyUsd: money("attendant_hourly_usd").notNull(),
  minimumHours: numeric("minimum_hours", { precision: 4, scale: 2, mode: "number" }).notNull(),
  vehiclesPerAttendant: integer("vehicles_per_attendant").notNull(),
  minimumAttendants: integer("minimum_attendants").notNull(),
  /** "HH:MM": hours after this carry the late surcharge. */
  lateAfter: text("late_after").notNull(),
  lateHourlySurchargeUsd: money("late_hourly_surcharge_usd").notNull(),
  /** Flat USD per event type, e.g. {"Wedding": 95, "Corporate": 0, ...}. */
  eventTypeSurchargesUsd: jsonb("event_type_surcharges_usd").$type<Record<string, number>>().notNull(),
  defaultExpectedVehicles: integer("default_expected_vehicles").notNull(),
  updatedAt: updatedAt(),
});

// ---- Bookings and tickets
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    service: text("service").notNull(), // ride | valet
    bookingDate: date("booking_date").notNull(),
    status: text("status").notNull().default("pending"),
    name: text("name"),
    email: text("email"),
    phone: text("phone"),
    price: money("price"),
    vehicleTypeId: uuid("vehicle_type_id").references(() => vehicleTypes.id, { onDelete: "restrict" }),
    /** Ride or valet details and the itemised quote the price came from (one shape per service). */
    details: bookingDetails("details").notNull(),
    paymentRef: text("payment_ref"),
    /** Rides: the pickup instant (the ride's date and time in the service's time zone). */
    pickupAt: timestamp("pickup_at", { withTimezone: true }),
    /**
     * Rides: the quoted minutes (details.minutes), kept by the database beside the row: the availability rule reads the
     * rides around a pickup on every quote and booking, and reading the details document for it cost more than the rest.
     */
    rideMinutes: doublePrecision("ride_minutes").generatedAlwaysAs(sql`(details ->> 'minutes')::float8`),
    /** Rides: the assigned chauffeur and the vehicle type sent (set together by dispatch, cleared together). */
    chauffeurId: text("chauffeur_id").references(() => user.id, { onDelete: "set null" }),
    assignedVehicleTypeId: uuid("assigned_vehicle_type_id").references(() => vehicleTypes.id, { onDelete: "set null" }),
    /** Rides: the car sent (a unit of the assigned vehicle type), when dispatch chose one; cleared with the chauffeur. */
    unitId: uuid("unit_id").references(() => vehicleUnits.id, { onDelete: "set null" }),
    /** Set when cancelled: when, by whom, why, and the fee recorded (charging it is the payments' job). */
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    cancelledBy: text("cancelled_by"),
    cancelReason: text("cancel_reason"),
    cancellationFee: money("cancellation_fee"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("bookings_user_created_idx").on(t.userId, t.createdAt),
    index("bookings_created_idx").on(t.createdAt),
    index("bookings_date_idx").on(t.bookingDate),
    index("bookings_chauffeur_pickup_idx").on(t.chauffeurId, t.pickupAt),
    index("bookings_unit_pickup_idx").on(t.unitId, t.pickupAt),
    // The availability rule reads the rides around a pickup (rides/capacity.service.ts) on every quote and booking.
    index("bookings_pickup_idx").on(t.pickupAt),
    // The longest ride booked (its max), which bounds how far before a window its rides can start.
    index("bookings_ride_minutes_idx").on(t.rideMinutes),
  ],
);

/** Every status change of a booking, stamped: the timeline the admin reads. */
export const bookingEvents = pgTable(
  "booking_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorName: text("actor_name"),
    actorRole: text("actor_role").notNull(), // admin | dispatcher | chauffeur | user | system
    note: text("note"),
    createdAt: createdAt(),
  },
  (t) => [index("booking_events_booking_idx").on(t.bookingId, t.createdAt)],
);

/** Work shifts of staff: one person's shifts never overlap (checked under a lock on the person). */
export const shifts = pgTable(
  "shifts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    role: text("role").notNull(),
    location: text("location").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("shifts_user_start_idx").on(t.userId, t.startsAt),
    index("shifts_start_idx").on(t.startsAt),
    // The shifts that meet a span (rides/capacity.service.ts, every quote and booking): those ending after its start are
    // the current and coming ones, where by chauffeur and start every past shift was walked (a year's: 17 ms, now 0.4).
    index("shifts_end_idx").on(t.endsAt),
  ],
);

export const tickets = pgTable(
  "tickets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketCode: text("ticket_code").notNull().unique(),
    status: text("status").notNull().default("active"), // active | released | void
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "cascade" }),
    plate: text("plate"),
    keyTag: text("key_tag"),
    // ---- A valet car's claim ticket (null on a ride booking's ticket). The lifecycle is
    // packages/shared/valet-ticket.ts; `status` follows it: delivered -> released, cancelled -> void.
    valetStatus: text("valet_status"),
    guestPhone: text("guest_phone"),
    guestEmail: text("guest_email"),
    make: text("make"),
    model: text("model"),
    colour: text("colour"),
    stand: text("stand"),
    stall: text("stall"),
    /** sha256 (hex) of the guest's claim link token; the token itself is only ever in the link. */
    claimTokenHash: text("claim_token_hash").unique(),
    checkedInBy: text("checked_in_by").references(() => user.id, { onDelete: "set null" }),
    /** The attendant retrieving the car (from take until delivered or re-parked). */
    assignedTo: text("assigned_to").references(() => user.id, { onDelete: "set null" }),
    requestedAt: timestamp("requested_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("tickets_booking_idx").on(t.bookingId),
    index("tickets_valet_status_idx").on(t.valetStatus, t.requestedAt),
    index("tickets_plate_idx").on(t.plate),
  ],
);

/** Every valet state change of a ticket: who (a staff member, or the guest through the claim link) and when. */
export const ticketEvents = pgTable(
  "ticket_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    fromStatus: text("from_status"),
    toStatus: text("to_status").notNull(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    /** "guest" for the claim page, else the staff member's name as it was then. */
    actorLabel: text("actor_label").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("ticket_events_ticket_idx").on(t.ticketId, t.at)],
);

/** One row per "request my car": how long until ready and until delivered (null while open or when withdrawn). */
export const valetRetrievals = pgTable(
  "valet_retrievals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    stand: text("stand").notNull(),
    requestedAt: timestamp("requested_at", { withTimezone: true }).notNull(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    /** Set when the request was withdrawn or the car re-parked before delivery. */
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [index("valet_retrievals_requested_idx").on(t.requestedAt), index("valet_retrievals_ticket_idx").on(t.ticketId)],
);

/** Damage found at delivery (or any time the car is with us). */
export const incidents = pgTable(
  "incidents",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    notes: text("notes").notNull().default(""),
    reportedBy: text("reported_by").references(() => user.id, { onDelete: "set null" }),
    reportedByLabel: text("reported_by_label").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("incidents_created_idx").on(t.createdAt)],
);

/** Photos of a car's condition (check-in, or an incident's); the bytes live in the photo store under `storageKey`. */
export const ticketPhotos = pgTable(
  "ticket_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ticketId: uuid("ticket_id")
      .notNull()
      .references(() => tickets.id, { onDelete: "cascade" }),
    incidentId: uuid("incident_id").references(() => incidents.id, { onDelete: "cascade" }),
    storageKey: text("storage_key").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    bytes: integer("bytes").notNull(),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull(),
    uploadedBy: text("uploaded_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("ticket_photos_ticket_idx").on(t.ticketId)],
);

/** First response of each (user, Idempotency-Key): replayed for the same body, refused for another. */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: text("user_id")
      .notNull()
      .references(() => user.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    requestHash: text("request_hash").notNull(),
    responseStatus: integer("response_status"),
    responseBody: jsonb("response_body"),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // The bookings in progress (rides/availability.service.ts reads them on every quote and booking): a few rows among all keys.
    index("idempotency_keys_in_progress_idx").on(t.createdAt).where(sql`${t.responseStatus} is null`),
  ],
);

// ---- Settings the back office edits (one row per group, e.g. "operations"), validated by packages/shared
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

/**
 * Durable background jobs (jobs/job-runner.ts): each server process claims due rows with FOR UPDATE SKIP LOCKED
 * and runs the handler inside the claiming transaction, so a job's writes and its "done" commit together:
 * exactly once, across restarts and processes. `key` is unique so scheduling twice is harmless.
 */
export const jobs = pgTable(
  "jobs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    kind: text("kind").notNull(),
    key: text("key").notNull().unique(),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    status: text("status").notNull().default("pending"), // pending | done | failed | cancelled
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    result: text("result"),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("jobs_status_run_at_idx").on(t.status, t.runAt)],
);

// ---- Geo cache (places, suggestions, routes) so a repeated quote costs no provider lookup
export const geoCache = pgTable(
  "geo_cache",
  {
    provider: text("provider").notNull(),
    kind: text("kind").notNull(), // suggest | place | route | reverse
    key: text("key").notNull(),
    value: jsonb("value").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("geo_cache_key_idx").on(t.provider, t.kind, t.key)],
);

// ---- Audit trail of admin mutations
export const auditLogs = pgTable(
  "audit_logs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: text("actor_id").references(() => user.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    createdAt: createdAt(),
  },
  (t) => [index("audit_logs_created_idx").on(t.createdAt)],
);

// ---- Payments. `payments` is the app's record of each card payment (one per PaymentIntent, whichever
// provider holds it), kept current by our own calls and by the provider's webhooks. Amounts in cents.
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider").notNull(), // embedded | stripe
    /** booking: the service's own charge (authorised at booking, captured at completion); tip: a tip after it. */
    kind: text("kind").notNull().default("booking"),
    intentId: text("intent_id").notNull().unique(),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    /** The PaymentIntent's status: requires_action | requires_capture | succeeded | canceled | requires_payment_method */
    status: text("status").notNull(),
    amountCents: integer("amount_cents").notNull(),
    capturedCents: integer("captured_cents").notNull().default(0),
    refundedCents: integer("refunded_cents").notNull().default(0),
    cardBrand: text("card_brand"),
    cardLast4: text("card_last4"),
    /** The card used (pm_...), kept to authorise again off-session nearer a far-off service, and to tip with. */
    paymentMethod: text("payment_method"),
    /** The provider's customer the card is saved to (stripe: cus_...), when it is kept for later. */
    customerRef: text("customer_ref"),
    lastError: text("last_error"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The order rows were written in: breaks a tie of created_at (one transaction's rows share it) in "the booking's charge". */
    seq: bigint("seq", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [index("payments_booking_idx").on(t.bookingId)],
);

/** Each provider webhook event once: a replayed event id finds its row and is ignored. */
export const paymentWebhookEvents = pgTable("payment_webhook_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  intentId: text("intent_id"),
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---- The embedded payment provider's own books (what Stripe keeps on its side in stripe mode)
export const embeddedPaymentIntents = pgTable("embedded_payment_intents", {
  id: text("id").primaryKey(), // pi_...
  status: text("status").notNull(),
  amountCents: integer("amount_cents").notNull(),
  amountCapturableCents: integer("amount_capturable_cents").notNull().default(0),
  amountReceivedCents: integer("amount_received_cents").notNull().default(0),
  amountRefundedCents: integer("amount_refunded_cents").notNull().default(0),
  currency: text("currency").notNull(),
  paymentMethod: text("payment_method").notNull(),
  cardBrand: text("card_brand"),
  cardLast4: text("card_last4"),
  /** The decline or failure of the last attempt: { code, declineCode, message }. */
  lastError: jsonb("last_error").$type<{ code: string; declineCode?: string; message: string } | null>(),
  description: text("description"),
  metadata: jsonb("metadata").$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  /** An authorisation lapses after 7 days, as a card's does. */
  captureBefore: timestamp("capture_before", { withTimezone: true }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** What happened to each embedded PaymentIntent, in order (the charges and events Stripe would list). */
export const embeddedPaymentEvents = pgTable(
  "embedded_payment_events",
  {
    id: serial("id").primaryKey(),
    intentId: text("intent_id")
      .notNull()
      .references(() => embeddedPaymentIntents.id, { onDelete: "cascade" }),
    type: text("type").notNull(), // payment_intent.created | .requires_action | .amount_capturable_updated | .succeeded | .canceled | .payment_failed | charge.refunded
    amountCents: integer("amount_cents").notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index("embedded_payment_events_intent_idx").on(t.intentId)],
);

export const embeddedRefunds = pgTable(
  "embedded_refunds",
  {
    id: text("id").primaryKey(), // re_...
    intentId: text("intent_id")
      .notNull()
      .references(() => embeddedPaymentIntents.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [index("embedded_refunds_intent_idx").on(t.intentId)],
);

/** The embedded provider's Idempotency-Key store: the first answer to a key, replayed for the same request. */
export const embeddedIdempotencyKeys = pgTable("embedded_idempotency_keys", {
  key: text("key").primaryKey(),
  requestHash: text("request_hash").notNull(),
  /** { ok: result } or { error: { code, message, declineCode? } } */
  response: jsonb("response"),
  createdAt: createdAt(),
});

// ---- Coupons
export const coupons = pgTable("coupons", {
  id: uuid("id").primaryKey().defaultRandom(),
  code: text("code").notNull().unique(), // upper-case
  kind: text("kind").notNull(), // percent | fixed
  /** Percent off (1-100) or dollars off. */
  value: money("value").notNull(),
  service: text("service").notNull().default("any"), // any | ride | valet
  validFrom: date("valid_from"),
  validTo: date("valid_to"),
  maxUses: integer("max_uses"),
  maxUsesPerCustomer: integer("max_uses_per_customer"),
  minFareUsd: money("min_fare_usd").notNull().default(0),
  active: boolean("active").notNull().default(true),
  /** Redemptions counted so far; raised only by a conditional UPDATE that checks max_uses. */
  usesCount: integer("uses_count").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const couponRedemptions = pgTable(
  "coupon_redemptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    couponId: uuid("coupon_id")
      .notNull()
      .references(() => coupons.id, { onDelete: "restrict" }),
    userId: text("user_id").references(() => user.id, { onDelete: "set null" }),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    discountCents: integer("discount_cents").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("coupon_redemptions_coupon_user_idx").on(t.couponId, t.userId)],
);

/** A tip's share for each staff member of the service it was given for (the chauffeur, or the attendants). */
export const tipAllocations = pgTable(
  "tip_allocations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    staffId: text("staff_id").references(() => user.id, { onDelete: "set null" }),
    amountCents: integer("amount_cents").notNull(),
    /** Set when the tip has been paid out to the staff member. */
    paidOutAt: timestamp("paid_out_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("tip_allocations_staff_idx").on(t.staffId, t.createdAt), index("tip_allocations_booking_idx").on(t.bookingId)],
);

/** Each refund given (by an admin, with a reason), whichever provider made it. */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    paymentId: uuid("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    /** The provider's refund id (re_...). */
    providerRefundId: text("provider_refund_id").notNull().unique(),
    amountCents: integer("amount_cents").notNull(),
    reason: text("reason").notNull(),
    createdBy: text("created_by").references(() => user.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("payment_refunds_booking_idx").on(t.bookingId), index("payment_refunds_created_idx").on(t.createdAt)],
);

/** Quotes answered per day and service (the top of the booking funnel), counted in memory and flushed. */
export const quoteCounts = pgTable(
  "quote_counts",
  {
    day: date("day").notNull(),
    service: text("service").notNull(), // ride | valet
    quotes: integer("quotes").notNull().default(0),
    /** Quotes that carried a coupon code that applied. */
    withCoupon: integer("with_coupon").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.service] })],
);

// ---- Flights: the embedded flight simulation's overrides (admin "set delay", for demos and tests)
export const flightOverrides = pgTable(
  "flight_overrides",
  {
    /** Canonical flight number, e.g. "AA100". */
    flightNumber: text("flight_number").notNull(),
    /** The arrival's local date. */
    date: date("date").notNull(),
    delayMinutes: integer("delay_minutes").notNull(),
    cancelled: boolean("cancelled").notNull().default(false),
    /** The flight lands elsewhere than planned (the follow job tells the desk and the customer). */
    diverted: boolean("diverted").notNull().default(false),
    updatedBy: text("updated_by"),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.flightNumber, t.date] })],
);
