-- The fleet as a booking rule (docs/decisions.md, "The fleet"): the company's cans per size, a dumpster
-- session's rental (the can it holds), and the day a can came back before its pickup date.
ALTER TABLE "companies" ADD COLUMN "fleet" jsonb;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD COLUMN "size_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD COLUMN "delivery_date" date;--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD COLUMN "pickup_date" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "returned_on" date;--> statement-breakpoint
CREATE INDEX "booking_sessions_fleet_holds" ON "booking_sessions" USING btree ("company_id","size_id","pickup_date") WHERE size_id is not null and order_id is null;--> statement-breakpoint
CREATE INDEX "orders_fleet" ON "orders" USING btree ("company_id","size_id",coalesce(returned_on, pickup_date),"delivery_date") WHERE status <> 'canceled';