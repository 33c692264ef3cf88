ALTER TABLE "customers" ADD COLUMN "phone_digits" text GENERATED ALWAYS AS (regexp_replace(phone, '[^0-9]', '', 'g')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "customers_company_created" ON "customers" USING btree ("company_id","created_at","id");--> statement-breakpoint
CREATE INDEX "customers_company_updated" ON "customers" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "junk_jobs_listed" ON "junk_jobs" USING btree ("company_id","created_at","job_number") WHERE status <> 'pending_risk_review';--> statement-breakpoint
CREATE INDEX "junk_jobs_listed_status" ON "junk_jobs" USING btree ("company_id","status","created_at","job_number") WHERE status <> 'pending_risk_review';--> statement-breakpoint
CREATE INDEX "junk_jobs_listed_updated" ON "junk_jobs" USING btree ("company_id","updated_at") WHERE status <> 'pending_risk_review';--> statement-breakpoint
CREATE INDEX "junk_jobs_customer_listed" ON "junk_jobs" USING btree ("company_id","customer_id","created_at") WHERE status <> 'pending_risk_review';--> statement-breakpoint
CREATE INDEX "junk_jobs_customer_held" ON "junk_jobs" USING btree ("company_id","customer_id") WHERE status = 'pending_risk_review';--> statement-breakpoint
CREATE INDEX "junk_photos_job" ON "junk_photos" USING btree ("company_id","junk_job_id");--> statement-breakpoint
CREATE INDEX "booking_sessions_estimates" ON "booking_sessions" USING btree ("company_id","created_at","session_id") WHERE state in ('intent_created', 'failed');--> statement-breakpoint
CREATE INDEX "orders_customer_listed" ON "orders" USING btree ("company_id","customer_id","created_at") WHERE not is_demo and status <> 'pending_risk_review';--> statement-breakpoint
CREATE INDEX "orders_customer_unlisted" ON "orders" USING btree ("company_id","customer_id") WHERE is_demo or status = 'pending_risk_review';--> statement-breakpoint
-- A customer made before this migration last changed when it was made.
UPDATE "customers" SET "updated_at" = "created_at";--> statement-breakpoint
-- updated_at is stamped by the database on every change of these rows, whoever makes it (a capture, a
-- release, an office move, a bulk import), so the Data API's updated_since misses nothing. A write that sets
-- updated_at itself (with an injected clock) keeps its own value.
CREATE FUNCTION "stamp_updated_at"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.updated_at IS NOT DISTINCT FROM OLD.updated_at THEN
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "customers_stamp_updated_at" BEFORE UPDATE ON "customers" FOR EACH ROW EXECUTE FUNCTION "stamp_updated_at"();--> statement-breakpoint
CREATE TRIGGER "orders_stamp_updated_at" BEFORE UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION "stamp_updated_at"();--> statement-breakpoint
CREATE TRIGGER "junk_jobs_stamp_updated_at" BEFORE UPDATE ON "junk_jobs" FOR EACH ROW EXECUTE FUNCTION "stamp_updated_at"();--> statement-breakpoint
CREATE TRIGGER "leads_stamp_updated_at" BEFORE UPDATE ON "leads" FOR EACH ROW EXECUTE FUNCTION "stamp_updated_at"();--> statement-breakpoint
-- A customer as the Data API shows it changes with its bookings: its counts and first and last booking
-- move when an order or job it can see is made or deleted, or when one is held, released, or marked demo.
-- Once per statement, so a bulk import touches each customer once (docs/decisions.md, "Data API resources").
CREATE FUNCTION "touch_booking_customers"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "customers" SET "updated_at" = now() WHERE "id" IN (
      SELECT n.customer_id FROM new_rows n
        WHERE n.status <> 'pending_risk_review' AND NOT coalesce((to_jsonb(n) ->> 'is_demo')::boolean, false));
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "customers" SET "updated_at" = now() WHERE "id" IN (SELECT o.customer_id FROM old_rows o);
  ELSE
    UPDATE "customers" SET "updated_at" = now() WHERE "id" IN (
      SELECT unnest(ARRAY[n.customer_id, o.customer_id]) FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.customer_id <> o.customer_id
          OR (n.status = 'pending_risk_review') <> (o.status = 'pending_risk_review')
          OR coalesce((to_jsonb(n) ->> 'is_demo')::boolean, false) <> coalesce((to_jsonb(o) ->> 'is_demo')::boolean, false));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_touch_customers_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_booking_customers"();--> statement-breakpoint
CREATE TRIGGER "orders_touch_customers_update" AFTER UPDATE ON "orders" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_booking_customers"();--> statement-breakpoint
CREATE TRIGGER "orders_touch_customers_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_booking_customers"();--> statement-breakpoint
CREATE TRIGGER "junk_jobs_touch_customers_insert" AFTER INSERT ON "junk_jobs" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_booking_customers"();--> statement-breakpoint
CREATE TRIGGER "junk_jobs_touch_customers_update" AFTER UPDATE ON "junk_jobs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_booking_customers"();--> statement-breakpoint
CREATE TRIGGER "junk_jobs_touch_customers_delete" AFTER DELETE ON "junk_jobs" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "touch_booking_customers"();
