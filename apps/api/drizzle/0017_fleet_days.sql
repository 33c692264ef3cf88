CREATE TABLE "fleet_days" (
	"company_id" uuid NOT NULL,
	"size_id" uuid NOT NULL,
	"day" date NOT NULL,
	"cans_out" integer NOT NULL,
	"cans_back" integer NOT NULL,
	CONSTRAINT "fleet_days_company_id_size_id_day_pk" PRIMARY KEY("company_id","size_id","day")
);
--> statement-breakpoint
DROP INDEX "orders_fleet";--> statement-breakpoint
ALTER TABLE "fleet_days" ADD CONSTRAINT "fleet_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- fleet_days is kept here, in the database, so that every way an order or a swap is written or changed (a
-- booking, an office move, a driver's early pickup, a change from My booking, a bulk import) keeps the
-- fleet's counts true in the transaction of the write (docs/decisions/fleet.md). What one order counts:
-- from its delivery day through the day its can is back (back_on: returned_on, else pickup_date) one can in
-- cans_out, and one in cans_back on that day; each of its applied swaps one in both on the swap's day (the
-- full can comes back that day and takes its turnaround); a canceled order nothing, nor its swaps. The
-- turnaround after a back day is the company's config, added when the counts are read (domain/fleet.ts).
CREATE FUNCTION "fleet_order_days"(p_id uuid, p_company uuid, p_size uuid, p_status text, p_delivery date, p_back date)
  RETURNS TABLE (f_size uuid, f_day date, f_out integer, f_back integer) LANGUAGE sql STABLE AS $$
  SELECT p_size, p_delivery + k, 1, (p_delivery + k = p_back)::int
    FROM generate_series(0, p_back - p_delivery) AS k WHERE p_status <> 'canceled'
  UNION ALL
  SELECT p_size, c.swap_date, 1, 1 FROM order_changes c
    WHERE c.company_id = p_company AND c.order_id = p_id AND c.kind = 'swap' AND c.status = 'applied'
      AND c.swap_date IS NOT NULL AND p_status <> 'canceled'
$$;--> statement-breakpoint
-- A company's counts made again from its orders and swaps: the backfill below, and a bulk load that ran with
-- the triggers off (session_replication_role = replica).
CREATE FUNCTION "fleet_days_recount"(p_company uuid) RETURNS void LANGUAGE sql AS $$
  DELETE FROM fleet_days WHERE company_id = p_company;
  INSERT INTO fleet_days (company_id, size_id, day, cans_out, cans_back)
    SELECT p_company, d.f_size, d.f_day, sum(d.f_out), sum(d.f_back)
    FROM orders o, fleet_order_days(o.id, o.company_id, o.size_id, o.status, o.delivery_date, o.back_on) d
    WHERE o.company_id = p_company
    GROUP BY d.f_size, d.f_day;
$$;--> statement-breakpoint
SELECT "fleet_days_recount"(id) FROM companies;--> statement-breakpoint
-- Orders made or deleted: once per statement, so a bulk import adds each day once (one row per size and day,
-- in key order, whatever the number of orders).
CREATE FUNCTION "fleet_days_of_orders"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO fleet_days AS f (company_id, size_id, day, cans_out, cans_back)
      SELECT n.company_id, d.f_size, d.f_day, sum(d.f_out), sum(d.f_back)
      FROM new_rows n,
           fleet_order_days(n.id, n.company_id, n.size_id, n.status, n.delivery_date, coalesce(n.returned_on, n.pickup_date)) d
      GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
      ON CONFLICT (company_id, size_id, day)
        DO UPDATE SET cans_out = f.cans_out + excluded.cans_out, cans_back = f.cans_back + excluded.cans_back;
  ELSE
    -- Only rows they counted in (a company deleted with its orders may have taken its counts first).
    UPDATE fleet_days f SET cans_out = f.cans_out - g.n_out, cans_back = f.cans_back - g.n_back
      FROM (SELECT o.company_id, d.f_size, d.f_day, sum(d.f_out) AS n_out, sum(d.f_back) AS n_back
            FROM old_rows o,
                 fleet_order_days(o.id, o.company_id, o.size_id, o.status, o.delivery_date, coalesce(o.returned_on, o.pickup_date)) d
            GROUP BY 1, 2, 3) g
      WHERE f.company_id = g.company_id AND f.size_id = g.f_size AND f.day = g.f_day;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_fleet_days_insert" AFTER INSERT ON "orders" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_days_of_orders"();--> statement-breakpoint
CREATE TRIGGER "orders_fleet_days_delete" AFTER DELETE ON "orders" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "fleet_days_of_orders"();--> statement-breakpoint
-- An order whose counted days moved (canceled, its size, its delivery day or the day its can is back: a
-- change, an early pickup): what it counted before out, what it counts now in, the days both count left
-- alone. Per row, and only when one of those moved: a status move between two counted statuses, a payment
-- or a reminder costs nothing here.
CREATE FUNCTION "fleet_days_of_order_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO fleet_days AS f (company_id, size_id, day, cans_out, cans_back)
    SELECT company_id, f_size, f_day, sum(f_out), sum(f_back) FROM (
      SELECT OLD.company_id AS company_id, d.f_size, d.f_day, -d.f_out AS f_out, -d.f_back AS f_back
        FROM fleet_order_days(OLD.id, OLD.company_id, OLD.size_id, OLD.status, OLD.delivery_date, OLD.back_on) d
      UNION ALL
      SELECT NEW.company_id, d.f_size, d.f_day, d.f_out, d.f_back
        FROM fleet_order_days(NEW.id, NEW.company_id, NEW.size_id, NEW.status, NEW.delivery_date, NEW.back_on) d
    ) moved
    GROUP BY 1, 2, 3 HAVING sum(f_out) <> 0 OR sum(f_back) <> 0 ORDER BY 1, 2, 3
    ON CONFLICT (company_id, size_id, day)
      DO UPDATE SET cans_out = f.cans_out + excluded.cans_out, cans_back = f.cans_back + excluded.cans_back;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "orders_fleet_days_update"
  AFTER UPDATE OF "status", "size_id", "delivery_date", "pickup_date", "returned_on", "company_id" ON "orders"
  FOR EACH ROW WHEN (
    (OLD.status = 'canceled') IS DISTINCT FROM (NEW.status = 'canceled') OR OLD.size_id IS DISTINCT FROM NEW.size_id
    OR OLD.delivery_date IS DISTINCT FROM NEW.delivery_date OR OLD.back_on IS DISTINCT FROM NEW.back_on
    OR OLD.company_id IS DISTINCT FROM NEW.company_id)
  EXECUTE FUNCTION "fleet_days_of_order_move"();--> statement-breakpoint
-- A swap applied (or no longer applied, or moved): one can out and back on its day for its order's size,
-- unless the order is canceled.
CREATE FUNCTION "fleet_days_of_swap"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.kind = 'swap' AND OLD.status = 'applied' AND OLD.swap_date IS NOT NULL THEN
    UPDATE fleet_days f SET cans_out = f.cans_out - 1, cans_back = f.cans_back - 1
      FROM orders o
      WHERE o.id = OLD.order_id AND o.status <> 'canceled'
        AND f.company_id = o.company_id AND f.size_id = o.size_id AND f.day = OLD.swap_date;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.kind = 'swap' AND NEW.status = 'applied' AND NEW.swap_date IS NOT NULL THEN
    INSERT INTO fleet_days AS f (company_id, size_id, day, cans_out, cans_back)
      SELECT o.company_id, o.size_id, NEW.swap_date, 1, 1 FROM orders o
      WHERE o.id = NEW.order_id AND o.status <> 'canceled'
      ON CONFLICT (company_id, size_id, day)
        DO UPDATE SET cans_out = f.cans_out + 1, cans_back = f.cans_back + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "order_changes_fleet_days_insert" AFTER INSERT ON "order_changes"
  FOR EACH ROW WHEN (NEW.kind = 'swap' AND NEW.status = 'applied')
  EXECUTE FUNCTION "fleet_days_of_swap"();--> statement-breakpoint
CREATE TRIGGER "order_changes_fleet_days_update"
  AFTER UPDATE OF "kind", "status", "swap_date", "order_id" ON "order_changes"
  FOR EACH ROW WHEN (
    (OLD.kind = 'swap' AND OLD.status = 'applied') IS DISTINCT FROM (NEW.kind = 'swap' AND NEW.status = 'applied')
    OR ((NEW.kind = 'swap' AND NEW.status = 'applied')
        AND (OLD.swap_date IS DISTINCT FROM NEW.swap_date OR OLD.order_id IS DISTINCT FROM NEW.order_id)))
  EXECUTE FUNCTION "fleet_days_of_swap"();--> statement-breakpoint
CREATE TRIGGER "order_changes_fleet_days_delete" AFTER DELETE ON "order_changes"
  FOR EACH ROW WHEN (OLD.kind = 'swap' AND OLD.status = 'applied')
  EXECUTE FUNCTION "fleet_days_of_swap"();
