ALTER TABLE "sessions" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "token_created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "previous_token_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_previous_token_hash_unique" UNIQUE("previous_token_hash");--> statement-breakpoint
-- Sessions from before this migration count their idle days from the upgrade (nobody is signed out
-- by it) and get a new token on their next use (their token is as old as the session).
UPDATE "sessions" SET "token_created_at" = "created_at";
