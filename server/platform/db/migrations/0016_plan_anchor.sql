ALTER TABLE "users" ADD COLUMN "plan_anchor" timestamp with time zone;--> statement-breakpoint
-- A plan bought before this migration counts its periods from its current end: the day it renews
-- on from now on (the purchase day its periods drifted from is not recorded anywhere).
UPDATE "users" SET "plan_anchor" = "service_expiration_time" WHERE "service_expiration_time" IS NOT NULL;
