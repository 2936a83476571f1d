CREATE TABLE "valet_rate_cards" (
	"stage" text PRIMARY KEY NOT NULL,
	"event_base_fee_usd" numeric(10, 2) NOT NULL,
	"attendant_hourly_usd" numeric(10, 2) NOT NULL,
	"minimum_hours" numeric(4, 2) NOT NULL,
	"vehicles_per_attendant" integer NOT NULL,
	"minimum_attendants" integer NOT NULL,
	"late_after" text NOT NULL,
	"late_hourly_surcharge_usd" numeric(10, 2) NOT NULL,
	"event_type_surcharges_usd" jsonb NOT NULL,
	"default_expected_vehicles" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mail_queue" ADD COLUMN "attachments" jsonb;--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "attachments" jsonb;