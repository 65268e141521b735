ALTER TABLE "collects" ADD COLUMN "stage" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "collects" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "collects" ADD CONSTRAINT "collects_stage_check" CHECK ("collects"."stage" IN ('new', 'contacted', 'replied', 'quoting', 'won', 'lost'));