ALTER TABLE "booking_sessions" ADD COLUMN "slot_date" date;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD COLUMN "slot_start" text;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "junk" jsonb;--> statement-breakpoint
ALTER TABLE "junk_jobs" ADD COLUMN "payment_status" text DEFAULT 'unpaid' NOT NULL;--> statement-breakpoint
ALTER TABLE "junk_jobs" ADD COLUMN "load_label" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "junk_jobs" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "junk_jobs" ADD COLUMN "processing_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "junk_jobs" ADD COLUMN "gross_total_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "junk_jobs" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "junk_jobs" ADD COLUMN "risk_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "junk_jobs" ADD COLUMN "attribution" jsonb;--> statement-breakpoint
ALTER TABLE "junk_photos" ADD COLUMN "width" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "junk_photos" ADD COLUMN "height" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "booking_sessions_slot" ON "booking_sessions" USING btree ("company_id","slot_date","slot_start");--> statement-breakpoint
CREATE INDEX "junk_jobs_company_slot" ON "junk_jobs" USING btree ("company_id","job_date","window_start");