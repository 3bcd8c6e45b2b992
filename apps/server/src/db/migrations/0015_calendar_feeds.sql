-- Private calendar subscription feeds (issue 20). One row per user who turned their feed on; only the
-- SHA-256 of the 256-bit secret in the feed's address is kept, so a database leak does not leak feeds.
-- Resetting the link replaces the hash in place (the old address is refused from that commit on);
-- turning the feed off deletes the row.
CREATE TABLE "calendar_feeds" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"secret_hash" text NOT NULL,
	"show_full_details" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_secret_hash_unique" ON "calendar_feeds" USING btree ("secret_hash");