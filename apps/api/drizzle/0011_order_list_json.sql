ALTER TABLE "orders" ADD COLUMN "list_json" text;--> statement-breakpoint
-- list_json is the order as the Data API's lists show it (presentDataOrder in messages/data.ts, which
-- test/db/order-shape.test.ts holds it to, key for key), written here on every insert and update, whoever
-- makes them: a page of 100 orders then reads 100 strings instead of building 100 JSON objects, which was
-- most of PostgreSQL's time on a page (docs/decisions.md, "Pages of a long list").
CREATE FUNCTION "order_list_json"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.list_json := json_build_object(
    'order_number', NEW.order_number,
    'status', NEW.status,
    'payment_status', NEW.payment_status,
    'delivery_date', NEW.delivery_date,
    'pickup_date', NEW.pickup_date,
    'rental_days', NEW.rental_days,
    'address', json_build_object(
      'line1', NEW.address->'line1',
      'city', NEW.address->'city',
      'state', NEW.address->'state',
      'zip', NEW.address->'zip'
    ),
    'size', NEW.size_label,
    'debris_type', coalesce(NEW.debris_type, NEW.material_label),
    'total_price', trim_scale(NEW.total_cents / 100.0),
    'base_price', trim_scale((NEW.quote->>'base')::numeric / 100.0),
    'landfill_cost', trim_scale(NEW.landfill_cost_cents / 100.0),
    'net_weight_tons', NEW.net_weight_tons,
    'currency', NEW.currency,
    'customer_ref', NEW.customer_id,
    'created_at', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'completed_at', to_char(NEW.completed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  )::text;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_list_json" BEFORE INSERT OR UPDATE ON "orders" FOR EACH ROW EXECUTE FUNCTION "order_list_json"();--> statement-breakpoint
-- Always, even for a session that sets session_replication_role to replica (a bulk load, a replica
-- applying changes): a row without its JSON would be a blank in a page.
ALTER TABLE "orders" ENABLE ALWAYS TRIGGER "orders_list_json";--> statement-breakpoint
-- The orders that exist, written once, without stamping them (or their customers) as changed.
ALTER TABLE "orders" DISABLE TRIGGER "orders_stamp_updated_at";--> statement-breakpoint
ALTER TABLE "orders" DISABLE TRIGGER "orders_touch_customers_update";--> statement-breakpoint
UPDATE "orders" SET "list_json" = NULL;--> statement-breakpoint
ALTER TABLE "orders" ENABLE TRIGGER "orders_stamp_updated_at";--> statement-breakpoint
ALTER TABLE "orders" ENABLE TRIGGER "orders_touch_customers_update";
