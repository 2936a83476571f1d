CREATE TABLE "flight_overrides" (
	"flight_number" text NOT NULL,
	"date" date NOT NULL,
	"delay_minutes" integer NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "flight_overrides_flight_number_date_pk" PRIMARY KEY("flight_number","date")
);
