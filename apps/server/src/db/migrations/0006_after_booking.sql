CREATE TABLE "booking_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"hours_before" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"handled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_reminders_status_check" CHECK ("booking_reminders"."status" in ('pending', 'sent', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "patient_time_zone" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "canceled_by" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "canceled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_reminders" ADD CONSTRAINT "booking_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_reminders_booking_hours_unique" ON "booking_reminders" USING btree ("booking_id","hours_before");--> statement-breakpoint
CREATE INDEX "booking_reminders_due_idx" ON "booking_reminders" USING btree ("due_at") WHERE "booking_reminders"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_canceled_by_check" CHECK ("bookings"."canceled_by" is null or "bookings"."canceled_by" in ('patient', 'psychologist'));