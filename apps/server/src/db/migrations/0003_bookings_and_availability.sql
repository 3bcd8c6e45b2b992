CREATE TABLE "blocked_slots" (
	"psychologist_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "blocked_slots_psychologist_id_starts_at_pk" PRIMARY KEY("psychologist_id","starts_at")
);
--> statement-breakpoint
CREATE TABLE "days_off" (
	"psychologist_id" uuid NOT NULL,
	"date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "days_off_psychologist_id_date_pk" PRIMARY KEY("psychologist_id","date")
);
--> statement-breakpoint
CREATE TABLE "unavailable_day_parts" (
	"psychologist_id" uuid NOT NULL,
	"date" date NOT NULL,
	"segment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unavailable_day_parts_psychologist_id_date_segment_pk" PRIMARY KEY("psychologist_id","date","segment"),
	CONSTRAINT "unavailable_day_parts_segment_check" CHECK ("unavailable_day_parts"."segment" in ('morning', 'afternoon', 'evening'))
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"psychologist_id" uuid NOT NULL,
	"patient_id" uuid,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"color" text DEFAULT 'blue' NOT NULL,
	"variant" text DEFAULT 'primary' NOT NULL,
	"meeting_link" text,
	"price_paise" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"status" text NOT NULL,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"attendance_status" text DEFAULT 'scheduled' NOT NULL,
	"attendance_notes" text,
	"marked_by" uuid,
	"marked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_duration_check" CHECK ("bookings"."duration_minutes" in (20, 45)),
	CONSTRAINT "bookings_end_matches_duration" CHECK ("bookings"."ends_at" = "bookings"."starts_at" + make_interval(mins => "bookings"."duration_minutes")),
	CONSTRAINT "bookings_price_check" CHECK ("bookings"."price_paise" >= 0),
	CONSTRAINT "bookings_status_check" CHECK ("bookings"."status" in ('held', 'booked', 'canceled', 'expired')),
	CONSTRAINT "bookings_payment_status_check" CHECK ("bookings"."payment_status" in ('pending', 'completed', 'failed', 'refunded')),
	CONSTRAINT "bookings_attendance_check" CHECK ("bookings"."attendance_status" in ('scheduled', 'attended', 'canceled')),
	CONSTRAINT "bookings_color_check" CHECK ("bookings"."color" in ('blue', 'red', 'green', 'yellow')),
	CONSTRAINT "bookings_variant_check" CHECK ("bookings"."variant" in ('primary', 'danger', 'success', 'warning', 'default')),
	CONSTRAINT "bookings_hold_expiry_check" CHECK (("bookings"."status" = 'held') = ("bookings"."hold_expires_at" is not null)),
	CONSTRAINT "bookings_meeting_link_https" CHECK ("bookings"."meeting_link" is null or "bookings"."meeting_link" like 'https://%')
);
--> statement-breakpoint
ALTER TABLE "blocked_slots" ADD CONSTRAINT "blocked_slots_psychologist_id_users_id_fk" FOREIGN KEY ("psychologist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "days_off" ADD CONSTRAINT "days_off_psychologist_id_users_id_fk" FOREIGN KEY ("psychologist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unavailable_day_parts" ADD CONSTRAINT "unavailable_day_parts_psychologist_id_users_id_fk" FOREIGN KEY ("psychologist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_psychologist_id_users_id_fk" FOREIGN KEY ("psychologist_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_marked_by_users_id_fk" FOREIGN KEY ("marked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_psychologist_starts_idx" ON "bookings" USING btree ("psychologist_id","starts_at");--> statement-breakpoint
CREATE INDEX "bookings_patient_starts_idx" ON "bookings" USING btree ("patient_id","starts_at");