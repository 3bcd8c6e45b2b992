-- Changing a session's length (issue 18). Each booking keeps the two rates it was booked at, so a
-- change of length costs or returns the difference between those, never between today's rates.
-- Upcoming sessions booked before this keep what they were charged for their own length and take
-- the psychologist's present rate for the other, never making the longer one the cheaper (past,
-- canceled and expired rows are not rewritten: their length can no longer change). The two checks
-- are NOT VALID: every existing row has the new columns null, so scanning them proves nothing.
-- A longer length waits for its difference to be paid, with its interval kept meanwhile: the
-- pending_* columns, which the exclusion constraint now counts as taken beside the session's own
-- interval (a multirange of the two), so a length change and another patient's hold racing for one
-- interval have exactly one winner, as two holds do. Like a hold, a pending interval stops blocking
-- when an UPDATE clears it after pending_expires_at.
ALTER TABLE "bookings" ADD COLUMN "booked_rate_20_paise" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "booked_rate_45_paise" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pending_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pending_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pending_duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pending_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_pending_idx" ON "bookings" USING btree ("psychologist_id","pending_starts_at") WHERE "bookings"."pending_starts_at" is not null;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_booked_rates_check" CHECK (("bookings"."booked_rate_20_paise" is null) = ("bookings"."booked_rate_45_paise" is null) and ("bookings"."booked_rate_20_paise" is null or ("bookings"."booked_rate_20_paise" > 0 and "bookings"."booked_rate_45_paise" > 0))) NOT VALID;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_pending_check" CHECK (("bookings"."pending_starts_at" is null and "bookings"."pending_ends_at" is null and "bookings"."pending_duration_minutes" is null and "bookings"."pending_expires_at" is null) or ("bookings"."status" = 'booked' and "bookings"."pending_duration_minutes" in (20, 45) and "bookings"."pending_ends_at" = "bookings"."pending_starts_at" + make_interval(mins => "bookings"."pending_duration_minutes") and "bookings"."pending_expires_at" is not null)) NOT VALID;--> statement-breakpoint
UPDATE "bookings" AS b SET
	"booked_rate_20_paise" = CASE WHEN b."duration_minutes" = 20 THEN b."price_paise" ELSE least(p."rate_20_paise", b."price_paise") END,
	"booked_rate_45_paise" = CASE WHEN b."duration_minutes" = 45 THEN b."price_paise" ELSE greatest(p."rate_45_paise", b."price_paise") END
FROM "psychologist_profiles" AS p
WHERE p."user_id" = b."psychologist_id" AND b."patient_id" IS NOT NULL AND b."price_paise" > 0
	AND b."status" IN ('held', 'booked') AND b."ends_at" > now();--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_no_overlap";--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_overlap" EXCLUDE USING gist (
  "psychologist_id" WITH =,
  (CASE WHEN "pending_starts_at" IS NULL
        THEN tstzmultirange(tstzrange("starts_at", "ends_at", '[)'))
        ELSE tstzmultirange(tstzrange("starts_at", "ends_at", '[)'),
                            tstzrange("pending_starts_at", "pending_ends_at", '[)')) END) WITH &&
) WHERE ("status" IN ('held', 'booked'));
