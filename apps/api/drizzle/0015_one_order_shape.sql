-- One shape of a Data API order (docs/decisions/order-pages.md): the list's rows are no longer JSON written by a
-- trigger beside presentDataOrder; a page reads its orders' numbers here and its rows by number.
DROP TRIGGER "orders_list_json" ON "orders";--> statement-breakpoint
DROP FUNCTION "order_list_json"();--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "list_json";--> statement-breakpoint
DROP FUNCTION "order_list_page"(uuid, text, integer, integer);--> statement-breakpoint
-- The page itself: the days of order_list_days, then the rows the offset skips inside its first day counted in
-- the index alone (an index-only scan to the page's first row), then the page's order numbers, and whether
-- the list ends on this page. The orders themselves are read by number (db/repositories/order-lists.ts) and
-- shaped by the one presenter of a Data API order (presentDataOrder, messages/data.ts). The
-- listed condition is the partial indexes' predicate (orders_listed, orders_listed_status); a status has a
-- statement of its own so that it reads its own index. Plans are generic: as a prepared statement
-- PostgreSQL planned the page anew on every call (custom plans), which cost as much as running it.
CREATE FUNCTION "order_list_page"(p_company uuid, p_status text, p_offset integer, p_limit integer)
RETURNS TABLE ("order_number" integer, "ends" boolean) LANGUAGE plpgsql STABLE
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  d record;
  since timestamptz;
  start_at timestamptz;
  start_number integer;
BEGIN
  SELECT * INTO d FROM order_list_days(p_company, p_status, p_offset, p_limit);
  IF d.first IS NULL THEN
    RETURN;
  END IF;
  since := coalesce(d.last::timestamp AT TIME ZONE 'UTC', '-infinity');
  IF p_status = '*' THEN
    SELECT o.created_at, o.order_number INTO start_at, start_number FROM orders o
    WHERE o.company_id = p_company AND NOT o.is_demo AND o.status <> 'pending_risk_review'
      AND o.created_at < (d.first + 1)::timestamp AT TIME ZONE 'UTC' AND o.created_at >= since
    ORDER BY o.created_at DESC, o.order_number DESC OFFSET p_offset - d.newer LIMIT 1;
    IF NOT FOUND THEN
      RETURN;
    END IF;
    RETURN QUERY SELECT o.order_number, d.last IS NULL FROM orders o
    WHERE o.company_id = p_company AND NOT o.is_demo AND o.status <> 'pending_risk_review'
      AND (o.created_at, o.order_number) <= (start_at, start_number) AND o.created_at <= start_at
      AND o.created_at >= since
    ORDER BY o.created_at DESC, o.order_number DESC LIMIT p_limit;
  ELSE
    SELECT o.created_at, o.order_number INTO start_at, start_number FROM orders o
    WHERE o.company_id = p_company AND NOT o.is_demo AND o.status <> 'pending_risk_review'
      AND o.status = p_status
      AND o.created_at < (d.first + 1)::timestamp AT TIME ZONE 'UTC' AND o.created_at >= since
    ORDER BY o.created_at DESC, o.order_number DESC OFFSET p_offset - d.newer LIMIT 1;
    IF NOT FOUND THEN
      RETURN;
    END IF;
    RETURN QUERY SELECT o.order_number, d.last IS NULL FROM orders o
    WHERE o.company_id = p_company AND NOT o.is_demo AND o.status <> 'pending_risk_review'
      AND o.status = p_status
      AND (o.created_at, o.order_number) <= (start_at, start_number) AND o.created_at <= start_at
      AND o.created_at >= since
    ORDER BY o.created_at DESC, o.order_number DESC LIMIT p_limit;
  END IF;
END $$;
