CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"fingerprint" text NOT NULL,
	"display" text NOT NULL,
	"publishable_key" text,
	"allowed_domains" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_keys_fingerprint_unique" UNIQUE("fingerprint")
);
--> statement-breakpoint
CREATE TABLE "booking_sessions" (
	"company_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"kind" text NOT NULL,
	"state" text NOT NULL,
	"request_hash" text NOT NULL,
	"request" jsonb NOT NULL,
	"quote" jsonb NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"payment_intent_id" text,
	"order_id" uuid,
	"junk_job_id" uuid,
	"material" jsonb,
	"last_error" text,
	"locked_until" timestamp with time zone,
	"notified_unconfirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_sessions_company_id_session_id_pk" PRIMARY KEY("company_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "closed_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "commercial_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"timezone" text NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"contact" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"branding" jsonb NOT NULL,
	"booking_online" boolean DEFAULT false NOT NULL,
	"payments_ready" boolean DEFAULT false NOT NULL,
	"card_fee_handling" text NOT NULL,
	"card_fee_percent_milli" integer DEFAULT 0 NOT NULL,
	"card_fee_fixed_cents" integer DEFAULT 0 NOT NULL,
	"non_working_weekdays" jsonb NOT NULL,
	"min_notice_days" integer DEFAULT 1 NOT NULL,
	"max_advance_days" integer DEFAULT 90 NOT NULL,
	"service_area_zips" jsonb NOT NULL,
	"materials_enabled" boolean DEFAULT false NOT NULL,
	"materials_required" boolean DEFAULT false NOT NULL,
	"materials_note" text DEFAULT '' NOT NULL,
	"booking_confirmed_url" text,
	"processor_kind" text DEFAULT 'sandbox' NOT NULL,
	"processor_account" text,
	"data_api_access" text DEFAULT 'none' NOT NULL,
	"plan" text DEFAULT 'free' NOT NULL,
	"next_order_number" integer DEFAULT 1001 NOT NULL,
	"next_job_number" integer DEFAULT 1001 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"type" text DEFAULT 'residential' NOT NULL,
	"company_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispatch_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid,
	"junk_job_id" uuid,
	"date" date NOT NULL,
	"kind" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"customer_id" uuid,
	"total_cents" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid,
	"junk_job_id" uuid,
	"total_cents" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "junk_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"job_number" integer NOT NULL,
	"status" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"load_fraction" text NOT NULL,
	"job_date" date NOT NULL,
	"window_start" text NOT NULL,
	"window_end" text NOT NULL,
	"address" jsonb NOT NULL,
	"quote" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"booking_channel" text NOT NULL,
	"session_id" text,
	"photos_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "junk_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"junk_job_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"phone_normalized" text,
	"email" text,
	"address" text,
	"size_label" text,
	"note" text,
	"status" text DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_sizes" (
	"material_id" uuid NOT NULL,
	"size_id" uuid NOT NULL,
	"price_cents" integer,
	"max_weight_tons" double precision,
	"overage_mode" text DEFAULT 'inherit' NOT NULL,
	"overage_per_ton_cents" integer,
	CONSTRAINT "material_sizes_material_id_size_id_pk" PRIMARY KEY("material_id","size_id")
);
--> statement-breakpoint
CREATE TABLE "materials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"slug" text NOT NULL,
	"label" text NOT NULL,
	"explanation" text,
	"requires_ack" boolean DEFAULT false NOT NULL,
	"is_catch_all" boolean DEFAULT false NOT NULL,
	"is_heavy" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"size_policy" text DEFAULT 'all' NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_number" integer NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"customer_id" uuid NOT NULL,
	"size_id" uuid NOT NULL,
	"size_label" text NOT NULL,
	"material" text,
	"material_label" text,
	"debris_type" text,
	"rental_days" integer NOT NULL,
	"delivery_date" date NOT NULL,
	"pickup_date" date NOT NULL,
	"address" jsonb NOT NULL,
	"placement_lat" double precision,
	"placement_lng" double precision,
	"booking_channel" text NOT NULL,
	"quote" jsonb NOT NULL,
	"total_cents" integer NOT NULL,
	"processing_fee_cents" integer NOT NULL,
	"gross_total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"promo_code" text,
	"net_weight_tons" double precision,
	"landfill_cost_cents" integer,
	"risk_review" boolean DEFAULT false NOT NULL,
	"session_id" text,
	"attribution" jsonb,
	"is_demo" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"topic" text NOT NULL,
	"endpoint_id" uuid,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"invoice_id" uuid,
	"processor" text NOT NULL,
	"payment_intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"code" text NOT NULL,
	"discount_type" text NOT NULL,
	"percent_milli" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"max_uses" integer,
	"times_used" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sizes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"key" text NOT NULL,
	"label" text NOT NULL,
	"yards" double precision NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"included_tons" double precision NOT NULL,
	"overage_per_ton_cents" integer,
	"price_d3_cents" integer,
	"price_d7_cents" integer,
	"price_d10_cents" integer,
	"price_d14_cents" integer,
	"price_d30_cents" integer,
	"extra_day_cents" integer NOT NULL,
	"tax_enabled" boolean DEFAULT false NOT NULL,
	"tax_percent_milli" integer DEFAULT 0 NOT NULL,
	"fuel_fee_enabled" boolean DEFAULT false NOT NULL,
	"fuel_fee_cents" integer DEFAULT 0 NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_popular" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"api" text NOT NULL,
	"url" text NOT NULL,
	"secret" text NOT NULL,
	"events" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"disabled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD CONSTRAINT "booking_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD CONSTRAINT "booking_sessions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD CONSTRAINT "booking_sessions_junk_job_id_junk_jobs_id_fk" FOREIGN KEY ("junk_job_id") REFERENCES "public"."junk_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "closed_dates" ADD CONSTRAINT "closed_dates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commercial_accounts" ADD CONSTRAINT "commercial_accounts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_entries" ADD CONSTRAINT "dispatch_entries_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_entries" ADD CONSTRAINT "dispatch_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispatch_entries" ADD CONSTRAINT "dispatch_entries_junk_job_id_junk_jobs_id_fk" FOREIGN KEY ("junk_job_id") REFERENCES "public"."junk_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_junk_job_id_junk_jobs_id_fk" FOREIGN KEY ("junk_job_id") REFERENCES "public"."junk_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "junk_jobs" ADD CONSTRAINT "junk_jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "junk_jobs" ADD CONSTRAINT "junk_jobs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "junk_photos" ADD CONSTRAINT "junk_photos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "junk_photos" ADD CONSTRAINT "junk_photos_junk_job_id_junk_jobs_id_fk" FOREIGN KEY ("junk_job_id") REFERENCES "public"."junk_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_sizes" ADD CONSTRAINT "material_sizes_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_sizes" ADD CONSTRAINT "material_sizes_size_id_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."sizes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "materials" ADD CONSTRAINT "materials_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_size_id_sizes_id_fk" FOREIGN KEY ("size_id") REFERENCES "public"."sizes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sizes" ADD CONSTRAINT "sizes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_company" ON "api_keys" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "booking_sessions_state" ON "booking_sessions" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "closed_dates_company_date" ON "closed_dates" USING btree ("company_id","date");--> statement-breakpoint
CREATE UNIQUE INDEX "commercial_accounts_company_email" ON "commercial_accounts" USING btree ("company_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_company_email" ON "customers" USING btree ("company_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "junk_jobs_company_number" ON "junk_jobs" USING btree ("company_id","job_number");--> statement-breakpoint
CREATE INDEX "leads_company_created" ON "leads" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "materials_company_slug" ON "materials" USING btree ("company_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_company_number" ON "orders" USING btree ("company_id","order_number");--> statement-breakpoint
CREATE INDEX "orders_company_created" ON "orders" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "outbox_due" ON "outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_intent" ON "payments" USING btree ("payment_intent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_company_code" ON "promo_codes" USING btree ("company_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "sizes_company_key" ON "sizes" USING btree ("company_id","key");