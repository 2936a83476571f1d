// One schema for PGlite and PostgreSQL. Columns are snake_case; the TypeScript side is camelCase.
// Money is numeric(10,2) read as a JS number; totals are rounded to cents in packages/shared/pricing.
import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
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

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
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
    /** Ride or valet details and the itemised quote the price came from. */
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    paymentRef: text("payment_ref"),
    /** Rides: the pickup instant (the ride's date and time in the service's time zone). */
    pickupAt: timestamp("pickup_at", { withTimezone: true }),
    /** Rides: the assigned chauffeur and the vehicle type sent (set together by dispatch, cleared together). */
    chauffeurId: text("chauffeur_id").references(() => user.id, { onDelete: "set null" }),
    assignedVehicleTypeId: uuid("assigned_vehicle_type_id").references(() => vehicleTypes.id, { onDelete: "set null" }),
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
  (t) => [index("shifts_user_start_idx").on(t.userId, t.startsAt), index("shifts_start_idx").on(t.startsAt)],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("tickets_booking_idx").on(t.bookingId)],
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
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
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
