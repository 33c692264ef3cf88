CREATE TABLE "sandbox_payment_intents" (
	"id" text PRIMARY KEY NOT NULL,
	"client_secret" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"account" text,
	"status" text NOT NULL,
	"risk_level" text,
	"decline_code" text,
	"card_last4" text,
	"metadata" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD COLUMN "client_secret" text;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD COLUMN "booking_channel" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payment_intents_idempotency" ON "sandbox_payment_intents" USING btree ("idempotency_key");