CREATE TABLE "order_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid,
	"junk_job_id" uuid,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"swap_date" date,
	"amounts" jsonb NOT NULL,
	"gross_total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_intent_id" text,
	"client_secret" text,
	"idempotency_key" text NOT NULL,
	"actor" text NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rental_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid,
	"junk_job_id" uuid,
	"token_hash" text NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer" text NOT NULL,
	"later" text NOT NULL,
	"card_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "rental_changes" jsonb;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD COLUMN "processor_customer" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "processor_customer" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "saved_card" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "pickup_reminded_for" date;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "customer" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "setup_future_usage" text;--> statement-breakpoint
ALTER TABLE "sandbox_payment_intents" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_junk_job_id_junk_jobs_id_fk" FOREIGN KEY ("junk_job_id") REFERENCES "public"."junk_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_links" ADD CONSTRAINT "rental_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_links" ADD CONSTRAINT "rental_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rental_links" ADD CONSTRAINT "rental_links_junk_job_id_junk_jobs_id_fk" FOREIGN KEY ("junk_job_id") REFERENCES "public"."junk_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_changes_idempotency" ON "order_changes" USING btree ("company_id","order_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "order_changes_open" ON "order_changes" USING btree ("order_id") WHERE status in ('pending', 'requires_payment');--> statement-breakpoint
CREATE INDEX "order_changes_order" ON "order_changes" USING btree ("company_id","order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_changes_swaps" ON "order_changes" USING btree ("company_id","swap_date") WHERE kind = 'swap' and status = 'applied';--> statement-breakpoint
CREATE UNIQUE INDEX "rental_links_token" ON "rental_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "rental_links_order" ON "rental_links" USING btree ("company_id","order_id");--> statement-breakpoint
CREATE INDEX "orders_pickup_reminders" ON "orders" USING btree ("pickup_date") WHERE status in ('confirmed', 'scheduled', 'out_for_delivery', 'delivered', 'waiting_pickup') and pickup_reminded_for is distinct from pickup_date;