CREATE TABLE "data_api_windows" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	CONSTRAINT "data_api_windows_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "order_list_counts" (
	"company_id" uuid NOT NULL,
	"status" text NOT NULL,
	"day" date NOT NULL,
	"listed" integer NOT NULL,
	CONSTRAINT "order_list_counts_company_id_status_day_pk" PRIMARY KEY("company_id","status","day")
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "data_api_use" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "data_api_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "data_api_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "data_api_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "junk_jobs" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "email_normalized" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "source" text DEFAULT 'api' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "data_api_windows" ADD CONSTRAINT "data_api_windows_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_list_counts" ADD CONSTRAINT "order_list_counts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "junk_jobs_company_created" ON "junk_jobs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "leads_company_updated" ON "leads" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "leads_company_phone" ON "leads" USING btree ("company_id","phone_normalized","created_at");--> statement-breakpoint
CREATE INDEX "leads_company_email" ON "leads" USING btree ("company_id","email_normalized","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_company_idempotency" ON "leads" USING btree ("company_id","idempotency_key") WHERE "leads"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "orders_listed" ON "orders" USING btree ("company_id","created_at","order_number") WHERE not is_demo and status <> 'pending_risk_review';--> statement-breakpoint
CREATE INDEX "orders_listed_status" ON "orders" USING btree ("company_id","status","created_at","order_number") WHERE not is_demo and status <> 'pending_risk_review';--> statement-breakpoint
-- The orders that exist before the trigger below, counted once.
INSERT INTO "order_list_counts" ("company_id", "status", "day", "listed")
  SELECT "company_id", s.status, ("created_at" AT TIME ZONE 'UTC')::date, count(*)
  FROM "orders" CROSS JOIN LATERAL (VALUES ("orders"."status"), ('*')) AS s(status)
  WHERE NOT "is_demo" AND "orders"."status" <> 'pending_risk_review'
  GROUP BY 1, 2, 3;--> statement-breakpoint
-- order_list_counts is kept here, in the database, so that every way an order is written or changed (a
-- booking, a release, an office move, a bulk import) keeps it true: listable orders per status ('*': any)
-- and UTC day of creation (docs/decisions.md, "Pages of a long list").
CREATE FUNCTION "order_list_count"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND NOT OLD.is_demo AND OLD.status <> 'pending_risk_review' THEN
    UPDATE "order_list_counts" SET "listed" = "listed" - 1
      WHERE "company_id" = OLD.company_id AND "day" = (OLD.created_at AT TIME ZONE 'UTC')::date
        AND "status" IN (OLD.status, '*');
  END IF;
  IF TG_OP <> 'DELETE' AND NOT NEW.is_demo AND NEW.status <> 'pending_risk_review' THEN
    INSERT INTO "order_list_counts" AS c ("company_id", "status", "day", "listed")
      VALUES (NEW.company_id, NEW.status, (NEW.created_at AT TIME ZONE 'UTC')::date, 1),
             (NEW.company_id, '*', (NEW.created_at AT TIME ZONE 'UTC')::date, 1)
      ON CONFLICT ("company_id", "status", "day") DO UPDATE SET "listed" = c."listed" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_list_count" AFTER INSERT OR DELETE OR UPDATE OF "status", "is_demo", "created_at", "company_id"
  ON "orders" FOR EACH ROW EXECUTE FUNCTION "order_list_count"();
