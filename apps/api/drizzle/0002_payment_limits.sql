ALTER TABLE "companies" ADD COLUMN "payment_limits" jsonb;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "max_failed_attempts" integer;