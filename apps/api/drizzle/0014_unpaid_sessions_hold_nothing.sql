DROP INDEX "booking_sessions_slot";--> statement-breakpoint
DROP INDEX "booking_sessions_promo_holds";--> statement-breakpoint
DROP INDEX "booking_sessions_fleet_holds";--> statement-breakpoint
ALTER TABLE "booking_sessions" DROP COLUMN "hold_until";--> statement-breakpoint
ALTER TABLE "booking_sessions" ADD COLUMN "key_kind" text;