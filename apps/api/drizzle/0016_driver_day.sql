CREATE TABLE "field_actions" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"driver_id" text NOT NULL,
	"stop_key" text NOT NULL,
	"action" text NOT NULL,
	"done_at" timestamp with time zone NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_actions_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "field_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid,
	"junk_job_id" uuid,
	"kind" text NOT NULL,
	"ticket_id" uuid,
	"stop_key" text NOT NULL,
	"status" text NOT NULL,
	"amounts" jsonb NOT NULL,
	"gross_total_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"charge_after" timestamp with time zone NOT NULL,
	"payment_intent_id" text,
	"client_secret" text,
	"note" text,
	"note_by" text,
	"last_error" text,
	"charged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "field_photos" (
	"company_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"stop_key" text NOT NULL,
	"order_id" uuid,
	"junk_job_id" uuid,
	"driver_id" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_photos_company_id_id_pk" PRIMARY KEY("company_id","id")
);
--> statement-breakpoint
CREATE TABLE "route_stops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"stop_key" text NOT NULL,
	"kind" text NOT NULL,
	"order_id" uuid,
	"junk_job_id" uuid,
	"driver_id" text NOT NULL,
	"position" integer NOT NULL,
	"state" text DEFAULT 'assigned' NOT NULL,
	"state_at" timestamp with time zone,
	"failure" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weigh_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"stop_key" text NOT NULL,
	"net_weight_tons" double precision NOT NULL,
	"landfill_cost_cents" integer NOT NULL,
	"photo_id" uuid,
	"driver_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "field_work" jsonb;--> statement-breakpoint
ALTER TABLE "field_actions" ADD CONSTRAINT "field_actions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_charges" ADD CONSTRAINT "field_charges_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_charges" ADD CONSTRAINT "field_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_charges" ADD CONSTRAINT "field_charges_junk_job_id_junk_jobs_id_fk" FOREIGN KEY ("junk_job_id") REFERENCES "public"."junk_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_charges" ADD CONSTRAINT "field_charges_ticket_id_weigh_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."weigh_tickets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_photos" ADD CONSTRAINT "field_photos_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_photos" ADD CONSTRAINT "field_photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_photos" ADD CONSTRAINT "field_photos_junk_job_id_junk_jobs_id_fk" FOREIGN KEY ("junk_job_id") REFERENCES "public"."junk_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_junk_job_id_junk_jobs_id_fk" FOREIGN KEY ("junk_job_id") REFERENCES "public"."junk_jobs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "route_stops" ADD CONSTRAINT "route_stops_driver_id_console_users_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."console_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weigh_tickets" ADD CONSTRAINT "weigh_tickets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weigh_tickets" ADD CONSTRAINT "weigh_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "field_charges_for" ON "field_charges" USING btree ("company_id","kind","stop_key");--> statement-breakpoint
CREATE INDEX "field_charges_order" ON "field_charges" USING btree ("company_id","order_id");--> statement-breakpoint
CREATE INDEX "field_charges_due" ON "field_charges" USING btree ("charge_after") WHERE status in ('noticed', 'charging');--> statement-breakpoint
CREATE INDEX "field_photos_order" ON "field_photos" USING btree ("company_id","order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "route_stops_key" ON "route_stops" USING btree ("company_id","day","stop_key");--> statement-breakpoint
CREATE INDEX "route_stops_driver" ON "route_stops" USING btree ("company_id","driver_id","day","position");--> statement-breakpoint
CREATE UNIQUE INDEX "weigh_tickets_stop" ON "weigh_tickets" USING btree ("company_id","stop_key");--> statement-breakpoint
CREATE INDEX "weigh_tickets_day" ON "weigh_tickets" USING btree ("company_id","created_at");