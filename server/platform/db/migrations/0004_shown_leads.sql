CREATE TABLE "shown_leads" (
	"user_id" integer NOT NULL,
	"lead_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shown_leads_user_id_lead_id_pk" PRIMARY KEY("user_id","lead_id")
);
--> statement-breakpoint
ALTER TABLE "shown_leads" ADD CONSTRAINT "shown_leads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shown_leads" ADD CONSTRAINT "shown_leads_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keep old rows working: leads a user already saved or unlocked count as shown to them.
INSERT INTO "shown_leads" ("user_id", "lead_id") SELECT "user_id", "lead_id" FROM "collects" UNION SELECT "user_id", "lead_id" FROM "unlocks" ON CONFLICT DO NOTHING;--> statement-breakpoint
-- So do the leads of their stored search answers (chat_messages.payload: {"leads": [ids]}).
INSERT INTO "shown_leads" ("user_id", "lead_id")
SELECT DISTINCT c."user_id", l."id"
FROM "chat_messages" m
JOIN "chats" c ON c."id" = m."chat_id"
CROSS JOIN LATERAL jsonb_array_elements_text(
  CASE WHEN m."payload" LIKE '{%' THEN
    CASE WHEN jsonb_typeof(m."payload"::jsonb -> 'leads') = 'array' THEN m."payload"::jsonb -> 'leads' END
  END
) AS shown("lead_id")
JOIN "leads" l ON l."id" = shown."lead_id"
WHERE m."role" = 'assistant'
ON CONFLICT DO NOTHING;
