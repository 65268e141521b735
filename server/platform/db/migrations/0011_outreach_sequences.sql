CREATE TABLE "outreach_sequences" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"lead_id" text NOT NULL,
	"to_address" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"stop_reason" text,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outreach_emails" ADD COLUMN "sequence_id" text;--> statement-breakpoint
ALTER TABLE "outreach_emails" ADD COLUMN "step" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "outreach_emails" ADD COLUMN "due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outreach_sequences" ADD CONSTRAINT "outreach_sequences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outreach_sequences" ADD CONSTRAINT "outreach_sequences_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outreach_sequences_user_idx" ON "outreach_sequences" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "outreach_sequences_address_idx" ON "outreach_sequences" USING btree ("to_address","state");--> statement-breakpoint
ALTER TABLE "outreach_emails" ADD CONSTRAINT "outreach_emails_sequence_id_outreach_sequences_id_fk" FOREIGN KEY ("sequence_id") REFERENCES "public"."outreach_sequences"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outreach_emails_sequence_idx" ON "outreach_emails" USING btree ("sequence_id","step");