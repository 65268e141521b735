ALTER TABLE "lead_search_keys" ADD COLUMN "company_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_search_keys" ADD COLUMN "size" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_search_keys" ADD COLUMN "phone" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_search_keys" ADD COLUMN "email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The search's conditions, kept on each lead's keys like the ranking facts of 0013, so a search
-- with "importers", "with phone" or "50-200 employees" filters its candidates in the keys instead
-- of reading each candidate's company row and contacts. "With email" leaves out an address known
-- to bounce, as the search always did.
CREATE FUNCTION lead_has_phone(lead text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM lead_contacts c WHERE c.lead_id = lead AND c.kind = 'phone')
$$;
--> statement-breakpoint
CREATE FUNCTION lead_has_email(lead text) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM lead_contacts c WHERE c.lead_id = lead AND c.kind = 'email' AND c.label <> 'invalid')
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_search_keys_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A lead just inserted has no people, records or contacts yet (theirs reference it, so they
  -- come after it); their own triggers fill these in as they arrive.
  INSERT INTO lead_search_keys (lead_id, category_id, role, country, traded, quality, named, shipped,
                                company_type, size, phone, email)
  SELECT n.id, c, n.role, n.country, c = ANY(n.traded_category_ids), n.quality,
         false, '{}'::date[], n.company_type, n.size, false, false
  FROM new_rows n, LATERAL (SELECT DISTINCT unnest(n.category_ids) AS c) AS categories;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_search_keys_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A lead's id never changes (the keys' foreign key refuses it), so rows pair up by id.
  DELETE FROM lead_search_keys k USING new_rows n JOIN old_rows o ON o.id = n.id
  WHERE k.lead_id = n.id
    AND (o.role, o.country, o.category_ids, o.traded_category_ids, o.quality, o.company_type, o.size)
        IS DISTINCT FROM (n.role, n.country, n.category_ids, n.traded_category_ids, n.quality, n.company_type, n.size);
  INSERT INTO lead_search_keys (lead_id, category_id, role, country, traded, quality, named, shipped,
                                company_type, size, phone, email)
  SELECT n.id, c, n.role, n.country, c = ANY(n.traded_category_ids), n.quality,
         lead_named(n.id, n.role), lead_shipped(n.id, c), n.company_type, n.size,
         lead_has_phone(n.id), lead_has_email(n.id)
  FROM new_rows n JOIN old_rows o ON o.id = n.id,
       LATERAL (SELECT DISTINCT unnest(n.category_ids) AS c) AS categories
  WHERE (o.role, o.country, o.category_ids, o.traded_category_ids, o.quality, o.company_type, o.size)
        IS DISTINCT FROM (n.role, n.country, n.category_ids, n.traded_category_ids, n.quality, n.company_type, n.size);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION lead_search_keys_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Driven by the changed leads (a join, not a filter over every key), so a seed or an import
  -- of thousands of contacts touches only their keys.
  IF TG_OP <> 'DELETE' THEN
    UPDATE lead_search_keys k SET phone = f.phone, email = f.email
    FROM (SELECT lead_id, lead_has_phone(lead_id) AS phone, lead_has_email(lead_id) AS email
          FROM (SELECT DISTINCT lead_id FROM new_rows) AS changed) AS f
    WHERE k.lead_id = f.lead_id AND (k.phone, k.email) IS DISTINCT FROM (f.phone, f.email);
  END IF;
  IF TG_OP <> 'INSERT' THEN
    UPDATE lead_search_keys k SET phone = f.phone, email = f.email
    FROM (SELECT lead_id, lead_has_phone(lead_id) AS phone, lead_has_email(lead_id) AS email
          FROM (SELECT DISTINCT lead_id FROM old_rows) AS changed) AS f
    WHERE k.lead_id = f.lead_id AND (k.phone, k.email) IS DISTINCT FROM (f.phone, f.email);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER lead_search_keys_on_contacts_insert AFTER INSERT ON lead_contacts
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_search_keys_contacts();
--> statement-breakpoint
CREATE TRIGGER lead_search_keys_on_contacts_update AFTER UPDATE ON lead_contacts
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_search_keys_contacts();
--> statement-breakpoint
CREATE TRIGGER lead_search_keys_on_contacts_delete AFTER DELETE ON lead_contacts
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lead_search_keys_contacts();
--> statement-breakpoint
UPDATE lead_search_keys k
SET company_type = l.company_type, size = l.size, phone = lead_has_phone(k.lead_id), email = lead_has_email(k.lead_id)
FROM leads l WHERE l.id = k.lead_id;
