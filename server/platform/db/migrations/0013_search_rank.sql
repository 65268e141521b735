ALTER TABLE "lead_search_keys" ADD COLUMN "quality" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_search_keys" ADD COLUMN "named" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_search_keys" ADD COLUMN "shipped" date[] DEFAULT '{}'::date[] NOT NULL;--> statement-breakpoint
-- What search ranks by, kept on each lead's keys so a search reads its candidates' keys alone
-- instead of each company, its people and its records (issue 14: a search within 25 ms at a
-- million leads): the lead's quality, whether a person speaks for its side (the departments of
-- contract/people.ts BUYER_SIDE_DEPARTMENTS and SELLER_SIDE_DEPARTMENTS), and its record dates per
-- category. Kept by the database, like the keys themselves, whoever writes people or records.
CREATE FUNCTION lead_named(lead text, lead_role text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (
    SELECT 1 FROM lead_people p
    WHERE p.lead_id = lead
      AND p.department = ANY (CASE lead_role WHEN 'buyer' THEN ARRAY['purchasing', 'management']
                                             ELSE ARRAY['sales', 'management'] END))
$$;
--> statement-breakpoint
CREATE FUNCTION lead_shipped(lead text, category integer) RETURNS date[] LANGUAGE sql STABLE AS $$
  SELECT coalesce(array_agg(s.shipped_on ORDER BY s.shipped_on DESC), '{}'::date[])
  FROM lead_shipments s WHERE s.lead_id = lead AND s.category_id = category
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_search_keys_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO lead_search_keys (lead_id, category_id, role, country, traded, quality, named, shipped)
  SELECT n.id, c, n.role, n.country, c = ANY(n.traded_category_ids), n.quality,
         lead_named(n.id, n.role), lead_shipped(n.id, c)
  FROM new_rows n, LATERAL (SELECT DISTINCT unnest(n.category_ids) AS c) AS categories;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_search_keys_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A lead's id never changes (the keys' foreign key refuses it), so rows pair up by id.
  DELETE FROM lead_search_keys k USING new_rows n JOIN old_rows o ON o.id = n.id
  WHERE k.lead_id = n.id
    AND (o.role, o.country, o.category_ids, o.traded_category_ids, o.quality)
        IS DISTINCT FROM (n.role, n.country, n.category_ids, n.traded_category_ids, n.quality);
  INSERT INTO lead_search_keys (lead_id, category_id, role, country, traded, quality, named, shipped)
  SELECT n.id, c, n.role, n.country, c = ANY(n.traded_category_ids), n.quality,
         lead_named(n.id, n.role), lead_shipped(n.id, c)
  FROM new_rows n JOIN old_rows o ON o.id = n.id,
       LATERAL (SELECT DISTINCT unnest(n.category_ids) AS c) AS categories
  WHERE (o.role, o.country, o.category_ids, o.traded_category_ids, o.quality)
        IS DISTINCT FROM (n.role, n.country, n.category_ids, n.traded_category_ids, n.quality);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- One function for the three statement triggers of each table: a trigger with transition tables
-- answers one event, and each branch reads only the transition tables its event has.
CREATE FUNCTION lead_search_keys_people() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    UPDATE lead_search_keys k SET named = lead_named(k.lead_id, k.role)
    WHERE k.lead_id IN (SELECT lead_id FROM new_rows) AND k.named IS DISTINCT FROM lead_named(k.lead_id, k.role);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE lead_search_keys k SET named = lead_named(k.lead_id, k.role)
    WHERE k.lead_id IN (SELECT lead_id FROM old_rows) AND k.named IS DISTINCT FROM lead_named(k.lead_id, k.role);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lead_search_keys_shipments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN
    UPDATE lead_search_keys k SET shipped = lead_shipped(k.lead_id, k.category_id)
    WHERE (k.lead_id, k.category_id) IN (SELECT lead_id, category_id FROM new_rows);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE lead_search_keys k SET shipped = lead_shipped(k.lead_id, k.category_id)
    WHERE (k.lead_id, k.category_id) IN (SELECT lead_id, category_id FROM old_rows);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lead_search_keys_on_people_insert AFTER INSERT ON lead_people
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_search_keys_people();
--> statement-breakpoint
CREATE TRIGGER lead_search_keys_on_people_update AFTER UPDATE ON lead_people
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_search_keys_people();
--> statement-breakpoint
CREATE TRIGGER lead_search_keys_on_people_delete AFTER DELETE ON lead_people
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_search_keys_people();
--> statement-breakpoint
CREATE TRIGGER lead_search_keys_on_shipments_insert AFTER INSERT ON lead_shipments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_search_keys_shipments();
--> statement-breakpoint
CREATE TRIGGER lead_search_keys_on_shipments_update AFTER UPDATE ON lead_shipments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_search_keys_shipments();
--> statement-breakpoint
CREATE TRIGGER lead_search_keys_on_shipments_delete AFTER DELETE ON lead_shipments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_search_keys_shipments();
--> statement-breakpoint
UPDATE lead_search_keys k
SET quality = l.quality, named = lead_named(k.lead_id, k.role), shipped = lead_shipped(k.lead_id, k.category_id)
FROM leads l WHERE l.id = k.lead_id;
