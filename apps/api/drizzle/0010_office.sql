CREATE TABLE "booking_days" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"channel" text NOT NULL,
	"source" text NOT NULL,
	"bookings" integer NOT NULL,
	"held" integer NOT NULL,
	"revenue_cents" bigint NOT NULL,
	CONSTRAINT "booking_days_company_id_day_kind_channel_source_pk" PRIMARY KEY("company_id","day","kind","channel","source")
);
--> statement-breakpoint
ALTER TABLE "booking_days" ADD CONSTRAINT "booking_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "junk_jobs_customer" ON "junk_jobs" USING btree ("company_id","customer_id");--> statement-breakpoint
CREATE INDEX "orders_customer" ON "orders" USING btree ("company_id","customer_id");--> statement-breakpoint
-- The office's search (docs/decisions.md, "The office's lists and dashboard"): substrings of a customer's
-- name, e-mail and phone digits, and of a booking's street, found through trigram indexes instead of a scan
-- of the company's rows. The expressions are db/repositories/office-search.ts's, letter for letter.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "customers_search" ON "customers" USING gin ((lower("name" || E'\n' || "email" || E'\n' || "phone_digits")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_street_search" ON "orders" USING gin ((lower(coalesce("address" ->> 'line1', ''))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "junk_jobs_street_search" ON "junk_jobs" USING gin ((lower(coalesce("address" ->> 'line1', ''))) gin_trgm_ops);--> statement-breakpoint
-- booking_days: one row per company, company-local day of booking, kind, channel and UTM source. An order
-- or job counts once, on the day it was made, whatever happens to it later (a booking canceled next week
-- was still booked that day); held counts those held for review when booked.
CREATE FUNCTION "booking_days_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  r record;
  n integer;
BEGIN
  IF TG_OP = 'INSERT' THEN r := NEW; n := 1; ELSE r := OLD; n := -1; END IF;
  INSERT INTO booking_days AS d (company_id, day, kind, channel, source, bookings, held, revenue_cents)
  SELECT r.company_id, (r.created_at AT TIME ZONE c.timezone)::date,
         CASE TG_TABLE_NAME WHEN 'orders' THEN 'order' ELSE 'job' END, r.booking_channel,
         left(coalesce(r.attribution ->> 'utm_source', ''), 100), n, CASE WHEN r.risk_review THEN n ELSE 0 END,
         n * r.gross_total_cents
  FROM companies c WHERE c.id = r.company_id
  ON CONFLICT (company_id, day, kind, channel, source) DO UPDATE
    SET bookings = d.bookings + excluded.bookings, held = d.held + excluded.held,
        revenue_cents = d.revenue_cents + excluded.revenue_cents;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_booking_days" AFTER INSERT OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION "booking_days_count"();--> statement-breakpoint
CREATE TRIGGER "junk_jobs_booking_days" AFTER INSERT OR DELETE ON "junk_jobs" FOR EACH ROW EXECUTE FUNCTION "booking_days_count"();--> statement-breakpoint
INSERT INTO booking_days (company_id, day, kind, channel, source, bookings, held, revenue_cents)
SELECT b.company_id, b.day, b.kind, b.channel, b.source, count(*), count(*) FILTER (WHERE b.risk_review), sum(b.gross)
FROM (
  SELECT o.company_id, (o.created_at AT TIME ZONE c.timezone)::date AS day, 'order' AS kind, o.booking_channel AS channel,
         left(coalesce(o.attribution ->> 'utm_source', ''), 100) AS source, o.risk_review, o.gross_total_cents AS gross
  FROM orders o JOIN companies c ON c.id = o.company_id
  UNION ALL
  SELECT j.company_id, (j.created_at AT TIME ZONE c.timezone)::date, 'job', j.booking_channel,
         left(coalesce(j.attribution ->> 'utm_source', ''), 100), j.risk_review, j.gross_total_cents
  FROM junk_jobs j JOIN companies c ON c.id = j.company_id
) b
GROUP BY b.company_id, b.day, b.kind, b.channel, b.source;
