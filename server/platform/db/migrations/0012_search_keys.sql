CREATE TABLE "lead_search_keys" (
	"lead_id" text NOT NULL,
	"category_id" integer NOT NULL,
	"role" text NOT NULL,
	"country" text NOT NULL,
	"traded" boolean NOT NULL,
	CONSTRAINT "lead_search_keys_lead_id_category_id_pk" PRIMARY KEY("lead_id","category_id")
);
--> statement-breakpoint
ALTER TABLE "lead_search_keys" ADD CONSTRAINT "lead_search_keys_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_search_keys_find_idx" ON "lead_search_keys" USING btree ("category_id","role","traded","country","lead_id");--> statement-breakpoint
-- Kept by the database, so every writer (seed, importers, bench growth, a future admin) keeps it:
-- one row per lead and category, rewritten when a lead's role, country, categories or traded
-- categories change, removed with the lead (the foreign key cascades).
CREATE FUNCTION lead_search_keys_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_search_keys (lead_id, category_id, role, country, traded)
  SELECT DISTINCT n.id, c, n.role, n.country, c = ANY(n.traded_category_ids)
  FROM new_rows n, unnest(n.category_ids) AS c;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lead_search_keys_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A lead's id never changes (the keys' foreign key refuses it), so rows pair up by id.
  DELETE FROM lead_search_keys k USING new_rows n JOIN old_rows o ON o.id = n.id
  WHERE k.lead_id = n.id
    AND (o.role, o.country, o.category_ids, o.traded_category_ids)
        IS DISTINCT FROM (n.role, n.country, n.category_ids, n.traded_category_ids);
  INSERT INTO lead_search_keys (lead_id, category_id, role, country, traded)
  SELECT DISTINCT n.id, c, n.role, n.country, c = ANY(n.traded_category_ids)
  FROM new_rows n JOIN old_rows o ON o.id = n.id, unnest(n.category_ids) AS c
  WHERE (o.role, o.country, o.category_ids, o.traded_category_ids)
        IS DISTINCT FROM (n.role, n.country, n.category_ids, n.traded_category_ids);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lead_search_keys_on_insert AFTER INSERT ON leads
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_search_keys_insert();
--> statement-breakpoint
CREATE TRIGGER lead_search_keys_on_update AFTER UPDATE ON leads
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_search_keys_update();
--> statement-breakpoint
INSERT INTO lead_search_keys (lead_id, category_id, role, country, traded)
SELECT DISTINCT l.id, c, l.role, l.country, c = ANY(l.traded_category_ids)
FROM leads l, unnest(l.category_ids) AS c;
