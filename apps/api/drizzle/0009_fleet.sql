-- The fleet as a booking rule (docs/decisions.md, "The fleet"): the company's cans per size, a dumpster
-- session's rental (the can it holds), and the day a can is back (its pickup date, or earlier when picked up early).
ALTER TABLE "companies" ADD COLUMN "fleet" jsonb;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD COLUMN "size_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD COLUMN "delivery_date" date;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD COLUMN "pickup_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "returned_on" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "back_on" date GENERATED ALWAYS AS (coalesce(returned_on, pickup_date)) STORED;--> statement-breakpoint
CREATE INDEX "booking_sessions_fleet_holds" ON "booking_sessions" USING btree ("company_id","size_id","pickup_date") WHERE size_id is not null and order_id is null;--> statement-breakpoint
CREATE INDEX "orders_fleet" ON "orders" USING btree ("company_id","size_id","back_on","delivery_date") WHERE status <> 'canceled';