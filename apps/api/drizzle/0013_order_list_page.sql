-- A Data API page of listed orders without a date range, as two functions (docs/decisions.md, "Pages of a
-- long list"). order_list_days finds, from the per-month counts and then the days of one or two months, the
-- UTC day holding the offset-th listed order (newest first), how many listed orders are newer than that
-- day, and the day of the page's last row (null when the list ends before it).
CREATE FUNCTION "order_list_days"(p_company uuid, p_status text, p_offset integer, p_limit integer)
RETURNS TABLE ("first" date, "newer" bigint, "last" date) LANGUAGE sql STABLE AS $$
  WITH months AS (
    SELECT m.month, m.listed, sum(m.listed) OVER (ORDER BY m.month DESC) AS through
    FROM order_list_months m WHERE m.company_id = p_company AND m.status = p_status
  ), at AS (
    SELECT max(month) FILTER (WHERE through > p_offset) AS first_month,
           min(through - listed) FILTER (WHERE through > p_offset) AS first_newer,
           max(month) FILTER (WHERE through > p_offset + p_limit - 1) AS last_month,
           min(through - listed) FILTER (WHERE through > p_offset + p_limit - 1) AS last_newer
    FROM months
  ), counts AS (
    SELECT c.day, c.listed, at.first_newer + sum(c.listed) OVER (ORDER BY c.day DESC) AS through
    FROM order_list_counts c, at
    WHERE c.company_id = p_company AND c.status = p_status
      AND c.day >= at.first_month AND c.day < (at.first_month + interval '1 month')::date
    UNION ALL
    SELECT c.day, c.listed, at.last_newer + sum(c.listed) OVER (ORDER BY c.day DESC) AS through
    FROM order_list_counts c, at
    WHERE c.company_id = p_company AND c.status = p_status
      AND c.day >= at.last_month AND c.day < (at.last_month + interval '1 month')::date
      AND at.last_month < at.first_month
  )
  SELECT max(day) FILTER (WHERE through > p_offset),
         min(through - listed) FILTER (WHERE through > p_offset),
         max(day) FILTER (WHERE through > p_offset + p_limit - 1)
  FROM counts
$$;
--> statement-breakpoint
-- The page itself, in one round trip: the days above, then the rows the offset skips inside its first day
-- counted in the index alone (an index-only scan to the page's first row), then only the page's rows read
-- from the table, each as its stored JSON (orders.list_json), and whether the list ends on this page. The
-- listed condition is the partial indexes' predicate (orders_listed, orders_listed_status); a status has a
-- statement of its own so that it reads its own index. Plans are generic: as a prepared statement
-- PostgreSQL planned the page anew on every call (custom plans), which cost as much as running it.
CREATE FUNCTION "order_list_page"(p_company uuid, p_status text, p_offset integer, p_limit integer)
RETURNS TABLE ("json" text, "ends" boolean) LANGUAGE plpgsql STABLE
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
    RETURN QUERY SELECT o.list_json, d.last IS NULL FROM orders o
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
    RETURN QUERY SELECT o.list_json, d.last IS NULL FROM orders o
    WHERE o.company_id = p_company AND NOT o.is_demo AND o.status <> 'pending_risk_review'
      AND o.status = p_status
      AND (o.created_at, o.order_number) <= (start_at, start_number) AND o.created_at <= start_at
      AND o.created_at >= since
    ORDER BY o.created_at DESC, o.order_number DESC LIMIT p_limit;
  END IF;
END $$;
