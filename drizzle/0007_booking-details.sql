ALTER TABLE "bookings" ALTER COLUMN "details" DROP DEFAULT;--> statement-breakpoint
-- Each booking's details say their service (the discriminator of the one details schema), once for the rows before it.
UPDATE "bookings" SET "details" = jsonb_set("details", '{service}', to_jsonb("service")) WHERE NOT ("details" ? 'service');
