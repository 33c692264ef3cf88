// The set-based SQL of the Data API benchmark's seed (seed-data.ts), one statement per table. Their parameters
// are listed above each; random() follows the seed's setseed, so every run draws the same.

/** Customers with derived ids, so orders reference them without a join. $1 company, $2 customers, $3 years. */
export const CUSTOMERS_SQL = `insert into customers (id, company_id, name, email, phone, type, company_name, created_at)
 select md5('bench-customer-' || n)::uuid, $1, 'Customer ' || n, 'customer' || n || '@example.com',
        '+1212' || lpad((5550000 + n)::text, 7, '0'),
        case when n % 20 = 0 then 'contractor' else 'residential' end,
        case when n % 20 = 0 then 'Builder ' || n else null end,
        to_timestamp(extract(epoch from now())::float8 - (1 - n::float8 / $2::int) * $3::int * 365.25 * 86400)
 from generate_series(1, $2::int) n`;

/**
 * created_at: from three years ago to now, the volume growing (density 0.5 + t on t in [0, 1]), order
 * numbers in creation order. Statuses follow the dates: canceled 6% at any age; before delivery placed,
 * confirmed, scheduled or waiting_delivery; out_for_delivery on the day; delivered or waiting_pickup during
 * the rental; picked_up or waiting_landfill just after; completed afterwards (a few stay stuck). Orders of
 * the last three days are held for fraud review at 3%; 0.1% of all are demo data.
 * $1 company, $2 orders, $3 years, $4 customers, $5 the company's today.
 */
export const ORDERS_SQL = `with s as (
   select row_number() over (order by yards) as n, id, label, price_d3_cents, price_d7_cents, price_d10_cents,
          price_d14_cents, price_d30_cents, tax_percent_milli, fuel_fee_cents
   from sizes where company_id = $1 and active
 ), g as (
   select i, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5, random() as rc,
          date_trunc('milliseconds', to_timestamp(extract(epoch from now())::float8
            - (1.5 - sqrt(0.25 + 2 * (i - 0.5::float8) / $2::int)) * $3::int * 365.25 * 86400)) as created_at
   from generate_series(1, $2::int) i
 ), d as (
   select g.*, 1 + floor(r5 * 5)::int as size_n,
          (array[3, 7, 7, 7, 10, 14, 14, 30])[1 + floor(r4 * 8)::int] as rental_days,
          (created_at at time zone 'America/New_York')::date + 1 + floor(r3 * 6)::int as delivery_date,
          $5::date as today
   from g
 ), st as materialized (
   select d.*, delivery_date + rental_days as pickup_date,
     case
       when created_at > now() - interval '3 days' and r1 < 0.03 then 'pending_risk_review'
       when r2 < 0.06 then 'canceled'
       when today < delivery_date then
         case when r2 < 0.3 then 'placed' when r2 < 0.6 then 'confirmed' when r2 < 0.9 then 'scheduled'
              else 'waiting_delivery' end
       when today = delivery_date then 'out_for_delivery'
       when today < delivery_date + rental_days then case when r2 < 0.7 then 'delivered' else 'waiting_pickup' end
       when today < delivery_date + rental_days + 3 then
         case when r2 < 0.5 then 'picked_up' when r2 < 0.8 then 'waiting_landfill' else 'completed' end
       when r2 > 0.997 then 'picked_up'
       when r2 > 0.994 then 'waiting_landfill'
       else 'completed'
     end as status
   from d
 ), p as (
   select st.*, s.id as size_id, s.label as size_label, s.tax_percent_milli, s.fuel_fee_cents,
          case st.rental_days when 3 then s.price_d3_cents when 7 then s.price_d7_cents
            when 10 then s.price_d10_cents when 14 then s.price_d14_cents else s.price_d30_cents end as base,
          case when st.status in ('picked_up', 'waiting_landfill', 'completed')
            then round((0.8 + st.r4 * 4)::numeric, 2)::float8 end as tons
   from st join s on s.n = st.size_n
 ), m as (
   select p.*, base + fuel_fee_cents as subtotal,
          round((base + fuel_fee_cents) * tax_percent_milli / 100000.0)::int as tax
   from p
 ), money as materialized (
   select m.*, subtotal + tax as total, round((subtotal + tax) * 0.03 + 30)::int as fee from m
 )
 insert into orders (company_id, order_number, status, payment_status, customer_id, size_id, size_label,
   debris_type, rental_days, delivery_date, pickup_date, address, placement_lat, placement_lng, booking_channel,
   quote, total_cents, processing_fee_cents, gross_total_cents, currency, net_weight_tons, landfill_cost_cents,
   risk_review, is_demo, created_at, updated_at, completed_at)
 select $1, 1000 + i, status,
   case when status = 'canceled' then (case when r3 < 0.5 then 'refunded' else 'no_charge' end)
        when status in ('placed', 'pending_risk_review') then 'unpaid'
        when status = 'completed' and r3 < 0.01 then 'no_charge'
        else 'paid' end,
   md5('bench-customer-' || (1 + floor(rc * rc * $4::int))::int)::uuid,
   size_id, size_label,
   (array['household', 'construction', 'yard waste', 'roofing', 'concrete'])[1 + floor(r3 * 5)::int],
   rental_days, delivery_date, pickup_date,
   jsonb_build_object(
     'line1', (10 + i % 9990) || ' ' || (array['Main St', 'Oak Ave', 'Park Pl', 'Elm St', 'River Rd', 'Hill St',
       'Lake Dr', 'Court St'])[1 + i % 8],
     'city', (array['New York', 'Brooklyn', 'Hoboken', 'Jersey City', 'Bronx'])[1 + (i / 8) % 5],
     'state', (array['NY', 'NY', 'NJ', 'NJ', 'NY'])[1 + (i / 8) % 5],
     'zip', (array['10001', '11201', '07030', '07302', '10451'])[1 + (i / 8) % 5]),
   40.6 + r4 * 0.3, -74.1 + r5 * 0.3,
   (array['link', 'link', 'widget', 'widget', 'api'])[1 + floor(r5 * 5)::int],
   jsonb_build_object('pricing', 'general', 'base', base, 'extraDays', 0, 'fuelFee', fuel_fee_cents,
     'promoDiscount', 0, 'subtotal', subtotal, 'taxPercentMilli', tax_percent_milli, 'tax', tax,
     'total', total, 'processingFee', fee, 'grossTotal', total + fee),
   total, fee, total + fee, 'USD', tons, round(tons * 6500)::int,
   status = 'pending_risk_review', i % 1000 = 7, created_at,
   case when status = 'completed' then ((pickup_date + 1) + time '17:00') at time zone 'America/New_York'
        else created_at end,
   case when status = 'completed' then ((pickup_date + 1) + time '17:00') at time zone 'America/New_York' end
 from money`;

/**
 * What the list-count trigger keeps after the orders' inserts: per listable status and '*', per UTC day, the
 * count (in day order, as the trigger would have added them). $1 company.
 */
export const ORDER_LIST_COUNTS_SQL = `insert into order_list_counts (company_id, status, day, listed)
 select company_id, s.status, (created_at at time zone 'UTC')::date as day, count(*)
 from orders cross join lateral (values (orders.status), ('*')) as s(status)
 where company_id = $1 and not is_demo and orders.status <> 'pending_risk_review'
 group by 1, 2, 3 order by day, status`;

/** The months of those counts, as the same trigger keeps them (order_list_months). $1 company. */
export const ORDER_LIST_MONTHS_SQL = `insert into order_list_months (company_id, status, month, listed)
 select company_id, status, date_trunc('month', day)::date, sum(listed)
 from order_list_counts where company_id = $1 group by 1, 2, 3`;

/**
 * Leads over the same three years; 70% with a phone, 60% with an e-mail, at least one of them; API leads
 * half with an Idempotency-Key; older ones mostly moved on by the office.
 * $1 company, $2 leads, $3 years, $4 customers.
 */
export const LEADS_SQL = `with g as (
   select i, random() as r1, random() as r2, random() as r3,
          date_trunc('milliseconds', to_timestamp(extract(epoch from now())::float8
            - (1 - i::float8 / ($2::int + 1)) * $3::int * 365.25 * 86400)) as created_at
   from generate_series(1, $2::int) i
 ), c as (
   select g.*, r1 < 0.7 or r2 >= 0.6 as has_phone, r2 < 0.6 as has_email,
          '+1' || (array['212', '718', '201', '917', '646'])[1 + i % 5] || lpad((i * 7919 % 10000000)::text, 7, '0')
            as phone_normalized,
          case when r3 < 0.8 then 'api' else 'office' end as source,
          case when created_at > now() - interval '30 days' then
                 (array['new', 'new', 'contacted', 'converted', 'discarded'])[1 + floor(r3 * 5)::int]
               else (array['contacted', 'converted', 'converted', 'discarded', 'discarded'])[1 + floor(r3 * 5)::int]
          end as status
   from g
 )
 insert into leads (company_id, name, phone, phone_normalized, email, email_normalized, address, size_label,
   note, status, source, customer_id, idempotency_key, request_hash, created_at, updated_at)
 select $1, 'Lead ' || i,
   case when has_phone then '+1 (' || substr(phone_normalized, 3, 3) || ') ' || substr(phone_normalized, 6, 3)
     || '-' || substr(phone_normalized, 9) end,
   case when has_phone then phone_normalized end,
   case when has_email then 'Lead' || i || '@Example.net' end,
   case when has_email then 'lead' || i || '@example.net' end,
   case when r1 < 0.5 then (10 + i % 990) || ' Main St, New York, NY 10001' end,
   case when r2 < 0.5 then (array['Roll-off 10 Yard', 'Roll-off 20 Yard', 'Roll-off 30 Yard'])[1 + i % 3] end,
   case when r3 < 0.3 then 'Kitchen remodel, needs it by Friday' end,
   status, source,
   case when status = 'converted' then md5('bench-customer-' || (1 + i % $4::int))::uuid end,
   case when source = 'api' and r1 < 0.5 then 'seed-' || i end,
   case when source = 'api' and r1 < 0.5 then md5('seed-' || i) end,
   created_at, created_at + interval '1 day' * r2
 from c`;

/** Rows of order_list_counts that differ from a recount of the orders: none when the counts are right. */
export const RECOUNT_SQL = `with recount as (
   select company_id, s.status, (created_at at time zone 'UTC')::date as day, count(*)::int as listed
   from orders cross join lateral (values (orders.status), ('*')) as s(status)
   where not is_demo and orders.status <> 'pending_risk_review'
   group by 1, 2, 3
 )
 select count(*)::int as n from order_list_counts c full join recount r using (company_id, status, day)
 where c.listed is distinct from r.listed`;
