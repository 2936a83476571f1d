CREATE TABLE "vehicle_units" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vehicle_type_id" uuid NOT NULL,
	"plate" text NOT NULL,
	"colour" text NOT NULL,
	"year" integer NOT NULL,
	"status" text DEFAULT 'in_service' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vehicle_units_plate_unique" UNIQUE("plate")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "unit_id" uuid;--> statement-breakpoint
ALTER TABLE "vehicle_units" ADD CONSTRAINT "vehicle_units_vehicle_type_id_vehicle_types_id_fk" FOREIGN KEY ("vehicle_type_id") REFERENCES "public"."vehicle_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vehicle_units_type_idx" ON "vehicle_units" USING btree ("vehicle_type_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_unit_id_vehicle_units_id_fk" FOREIGN KEY ("unit_id") REFERENCES "public"."vehicle_units"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_unit_pickup_idx" ON "bookings" USING btree ("unit_id","pickup_at");