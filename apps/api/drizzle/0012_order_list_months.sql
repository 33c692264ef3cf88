CREATE TABLE "order_list_months" (
	"company_id" uuid NOT NULL,
	"status" text NOT NULL,
	"month" date NOT NULL,
	"listed" integer NOT NULL,
	CONSTRAINT "order_list_months_company_id_status_month_pk" PRIMARY KEY("company_id","status","month")
);
--> statement-breakpoint
ALTER TABLE "order_list_months" ADD CONSTRAINT "order_list_months_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The months of the days counted so far, once.
INSERT INTO "order_list_months" ("company_id", "status", "month", "listed")
  SELECT "company_id", "status", date_trunc('month', "day")::date, sum("listed")
  FROM "order_list_counts" GROUP BY 1, 2, 3;--> statement-breakpoint
-- The same trigger keeps both: a day's count and its month's move together, in the write's transaction.
CREATE OR REPLACE FUNCTION "order_list_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d date;
BEGIN
  IF TG_OP <> 'INSERT' AND NOT OLD.is_demo AND OLD.status <> 'pending_risk_review' THEN
    d := (OLD.created_at AT TIME ZONE 'UTC')::date;
    UPDATE "order_list_counts" SET "listed" = "listed" - 1
      WHERE "company_id" = OLD.company_id AND "day" = d AND "status" IN (OLD.status, '*');
    UPDATE "order_list_months" SET "listed" = "listed" - 1
      WHERE "company_id" = OLD.company_id AND "month" = date_trunc('month', d)::date
        AND "status" IN (OLD.status, '*');
  END IF;
  IF TG_OP <> 'DELETE' AND NOT NEW.is_demo AND NEW.status <> 'pending_risk_review' THEN
    d := (NEW.created_at AT TIME ZONE 'UTC')::date;
    INSERT INTO "order_list_counts" AS c ("company_id", "status", "day", "listed")
      VALUES (NEW.company_id, NEW.status, d, 1), (NEW.company_id, '*', d, 1)
      ON CONFLICT ("company_id", "status", "day") DO UPDATE SET "listed" = c."listed" + 1;
    INSERT INTO "order_list_months" AS m ("company_id", "status", "month", "listed")
      VALUES (NEW.company_id, NEW.status, date_trunc('month', d)::date, 1),
             (NEW.company_id, '*', date_trunc('month', d)::date, 1)
      ON CONFLICT ("company_id", "status", "month") DO UPDATE SET "listed" = m."listed" + 1;
  END IF;
  RETURN NULL;
END $$;
