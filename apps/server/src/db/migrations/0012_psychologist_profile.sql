-- A psychologist's profile, for patients to choose by (issue 17 §2): specializations and languages
-- (values of SPECIALIZATIONS and LANGUAGES in packages/shared, checked there: the lists change
-- without a migration), a short bio, years of practice and a registration number shown as given.
-- The GIN indexes serve the list's filters ("speaks Hindi", "works with trauma").
ALTER TABLE "psychologist_profiles" ADD COLUMN "specializations" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD COLUMN "languages" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD COLUMN "bio" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD COLUMN "years_of_practice" integer;--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD COLUMN "registration_number" text;--> statement-breakpoint
CREATE INDEX "psychologist_profiles_specializations_gin" ON "psychologist_profiles" USING gin ("specializations");--> statement-breakpoint
CREATE INDEX "psychologist_profiles_languages_gin" ON "psychologist_profiles" USING gin ("languages");--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD CONSTRAINT "psychologist_years_of_practice_range" CHECK ("psychologist_profiles"."years_of_practice" between 0 and 70);--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD CONSTRAINT "psychologist_bio_length" CHECK (char_length("psychologist_profiles"."bio") <= 600);--> statement-breakpoint
-- Accounts from before full names were kept carry their username as display name; patients must not
-- see a bare username, so it becomes a name ("asha_rao" reads "Asha Rao", as nameFromUsername does)
-- until the psychologist writes their full name in the profile.
UPDATE "psychologist_profiles" AS pp
   SET "display_name" = coalesce(nullif(btrim(regexp_replace(initcap(u."username"), '_+', ' ', 'g')), ''), u."username")
  FROM "users" AS u
 WHERE u."id" = pp."user_id" AND pp."display_name" = u."username";
