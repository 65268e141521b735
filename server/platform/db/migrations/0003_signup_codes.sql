ALTER TABLE "email_codes" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "email_codes" ADD COLUMN "invitation_code" text;