ALTER TABLE "ledger" ADD COLUMN "goods_id" integer;--> statement-breakpoint
ALTER TABLE "ledger" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Rows written before this migration kept English words in `detail`: move them to what they meant.
UPDATE "ledger" SET "note" = 'welcome', "detail" = '' WHERE "reason" = 'signup_bonus' AND "detail" = 'welcome';--> statement-breakpoint
UPDATE "ledger" SET "note" = 'demo', "detail" = '' WHERE "reason" = 'adjustment' AND "detail" = 'demo account';--> statement-breakpoint
UPDATE "ledger" SET "goods_id" = g.id, "note" = CASE WHEN "ledger"."detail" LIKE '% renewal' THEN 'renewal' ELSE '' END, "detail" = ''
FROM (VALUES (13, 'Monthly plan'), (23, 'Yearly plan'), (1, '50 extra unlocks'), (3, '100 extra unlocks')) AS g(id, name)
WHERE "ledger"."reason" IN ('plan', 'bundle') AND ("ledger"."detail" = g.name OR "ledger"."detail" = g.name || ' renewal');
