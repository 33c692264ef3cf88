-- The free plan's days get a fixed span (docs/decisions.md, "The free plan's window and quota"): rows written
-- before it span their local day in the company's timezone as it is now.
ALTER TABLE "data_api_windows" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "data_api_windows" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
UPDATE "data_api_windows" AS w SET "starts_at" = (w."day"::timestamp AT TIME ZONE c."timezone"), "ends_at" = ((w."day" + 1)::timestamp AT TIME ZONE c."timezone") FROM "companies" AS c WHERE c."id" = w."company_id";--> statement-breakpoint
ALTER TABLE "data_api_windows" ALTER COLUMN "starts_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "data_api_windows" ALTER COLUMN "ends_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "data_api_windows" DROP CONSTRAINT "data_api_windows_company_id_day_pk";--> statement-breakpoint
ALTER TABLE "data_api_windows" ADD CONSTRAINT "data_api_windows_company_id_starts_at_pk" PRIMARY KEY("company_id","starts_at");--> statement-breakpoint
ALTER TABLE "data_api_windows" ALTER COLUMN "opened_at" DROP NOT NULL;--> statement-breakpoint
-- A session holds a use of its promo code (docs/decisions.md, "Promo limits"); open sessions of before keep theirs.
ALTER TABLE "booking_sessions" ADD COLUMN "promo_code" text;--> statement-breakpoint
UPDATE "booking_sessions" SET "promo_code" = "request"->>'promoCode' WHERE "request"->>'promoCode' IS NOT NULL;--> statement-breakpoint
CREATE INDEX "booking_sessions_promo_holds" ON "booking_sessions" USING btree ("company_id","promo_code") WHERE promo_code is not null and order_id is null and junk_job_id is null;
