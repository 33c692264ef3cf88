CREATE TABLE "order_permits" (
	"company_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"terms" jsonb,
	"apply_by" date,
	"covered_through" date,
	"number" text,
	"starts_on" date,
	"ends_on" date,
	"scan_key" text,
	"scan_type" text,
	"scan_width" integer,
	"scan_height" integer,
	"recorded_at" timestamp with time zone,
	"recorded_by" text,
	"override_reason" text,
	"override_by" text,
	"override_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_permits_company_id_order_id_pk" PRIMARY KEY("company_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "permits" jsonb;--> statement-breakpoint
ALTER TABLE "order_permits" ADD CONSTRAINT "order_permits_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_permits" ADD CONSTRAINT "order_permits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_permits_apply_by" ON "order_permits" USING btree ("company_id","apply_by");