ALTER TABLE "bookings" ADD COLUMN "ride_minutes" double precision GENERATED ALWAYS AS ((details ->> 'minutes')::float8) STORED;--> statement-breakpoint
CREATE INDEX "bookings_pickup_idx" ON "bookings" USING btree ("pickup_at");--> statement-breakpoint
CREATE INDEX "bookings_ride_minutes_idx" ON "bookings" USING btree ("ride_minutes");--> statement-breakpoint
CREATE INDEX "idempotency_keys_in_progress_idx" ON "idempotency_keys" USING btree ("created_at") WHERE "idempotency_keys"."response_status" is null;--> statement-breakpoint
CREATE INDEX "shifts_end_idx" ON "shifts" USING btree ("ends_at");