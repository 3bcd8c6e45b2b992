CREATE TABLE "document_counters" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"kind" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_counters_series_financial_year_kind_pk" PRIMARY KEY("series","financial_year","kind")
);
--> statement-breakpoint
CREATE TABLE "payment_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"sequence" integer NOT NULL,
	"provider_payment_id" text NOT NULL,
	"refund_id" uuid,
	"receipt_id" uuid,
	"booking_id" uuid,
	"issuer_id" uuid,
	"recipient_id" uuid,
	"amount_paise" integer NOT NULL,
	"snapshot" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "payment_documents_amount_positive" CHECK ("payment_documents"."amount_paise" > 0),
	CONSTRAINT "payment_documents_refund_note_shape" CHECK (("payment_documents"."kind" = 'refund_note') = ("payment_documents"."refund_id" is not null and "payment_documents"."receipt_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD COLUMN "practice_address" text;--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD COLUMN "gst_status" text DEFAULT 'not_registered' NOT NULL;--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD COLUMN "gstin" text;--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD COLUMN "receipt_series" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "full_name" text;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_issuer_id_users_id_fk" FOREIGN KEY ("issuer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_documents" ADD CONSTRAINT "payment_documents_recipient_id_users_id_fk" FOREIGN KEY ("recipient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_documents_number_unique" ON "payment_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_documents_sequence_unique" ON "payment_documents" USING btree ("series","financial_year","kind","sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_documents_receipt_per_payment" ON "payment_documents" USING btree ("provider_payment_id") WHERE "payment_documents"."kind" <> 'refund_note';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_documents_refund_unique" ON "payment_documents" USING btree ("refund_id");--> statement-breakpoint
CREATE INDEX "payment_documents_booking_idx" ON "payment_documents" USING btree ("booking_id");--> statement-breakpoint
CREATE UNIQUE INDEX "psychologist_profiles_receipt_series_unique" ON "psychologist_profiles" USING btree ("receipt_series");--> statement-breakpoint
ALTER TABLE "psychologist_profiles" ADD CONSTRAINT "psychologist_gst_status" CHECK (("psychologist_profiles"."gst_status" = 'not_registered' and "psychologist_profiles"."gstin" is null)
        or ("psychologist_profiles"."gst_status" = 'registered' and "psychologist_profiles"."gstin" is not null));