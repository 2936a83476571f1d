// One schema for PGlite and PostgreSQL. Columns are snake_case; the TypeScript side is camelCase.
// Money is numeric(10,2) read as a JS number; totals are rounded to cents in packages/shared/pricing.
import { relations, sql } from "drizzle-orm";
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("bookings_user_created_idx").on(t.userId, t.createdAt), index("bookings_created_idx").on(t.createdAt)],
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
