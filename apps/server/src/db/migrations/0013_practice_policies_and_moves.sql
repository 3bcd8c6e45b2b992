-- Reschedule and practice policies (issue 18). A psychologist's policy is one jsonb value checked by
-- PracticePolicy in packages/shared on every write (its ranges change without a migration); each
-- booking keeps a copy of the policy it was booked under, so a later change never applies to it.
-- bookings.ics_sequence is the SEQUENCE of the session's next iCalendar message; moved_from_starts_at
-- marks a psychologist's move still waiting for the patient's answer (booking_move_offers holds the
-- emailed links' hashed tokens). A late cancellation refunds part of a fee: payment_status
-- 'partially_refunded'.
CREATE TABLE "booking_move_offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"from_starts_at" timestamp with time zone NOT NULL,
	"to_starts_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decision" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_move_offers_decision_check" CHECK (("booking_move_offers"."decision" is null) = ("booking_move_offers"."decided_at" is null) and ("booking_move_offers"."decision" is null or "booking_move_offers"."decision" in ('keep', 'cancel')))
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_payment_status_check";--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD COLUMN "policy" jsonb DEFAULT '{"minNoticeMinutes":0,"horizonWeeks":8,"breakMinutes":0,"rescheduleNoticeMinutes":1440,"patientMovesPerSession":2,"lateCancelWindowMinutes":0,"lateCancelRefundPercent":100}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "policy" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "patient_moves" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "ics_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "moved_from_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "booking_move_offers" ADD CONSTRAINT "booking_move_offers_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_move_offers_token_unique" ON "booking_move_offers" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "booking_move_offers_open_unique" ON "booking_move_offers" USING btree ("booking_id") WHERE "booking_move_offers"."decided_at" is null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_payment_status_check" CHECK ("bookings"."payment_status" in ('pending', 'completed', 'failed', 'refunded', 'partially_refunded'));--> statement-breakpoint
-- Sessions booked before policies existed keep today's terms: the defaults.
UPDATE "bookings" SET "policy" = '{"minNoticeMinutes":0,"horizonWeeks":8,"breakMinutes":0,"rescheduleNoticeMinutes":1440,"patientMovesPerSession":2,"lateCancelWindowMinutes":0,"lateCancelRefundPercent":100}'::jsonb
 WHERE "patient_id" IS NOT NULL;--> statement-breakpoint
-- Invitations sent so far carried the send time in seconds as their SEQUENCE; the next one of an
-- existing session must be higher, or calendars would ignore it.
UPDATE "bookings" SET "ics_sequence" = extract(epoch from now())::integer;
