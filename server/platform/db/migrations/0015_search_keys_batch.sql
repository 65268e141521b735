-- Nothing reads these any more: a search finds its candidates in lead_search_keys (0012), and the
-- lists' keyword filter reads one user's saved or unlocked leads only. Their upkeep cost the demo
-- seed of a first start about 14 of its 60 s (PGlite), and every import as much.
DROP INDEX IF EXISTS "leads_search_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "leads_categories_idx";--> statement-breakpoint
-- Inserting thousands of people, contacts or records at once (the demo seed on a first start, an
-- import) recomputed each affected key through a function call per key: about 35 of the first
-- start's 90 s went there. An insert can only add facts, so its keys now take them from the
-- inserted rows themselves, in one set-based statement per trigger: a person on the deciding side
-- makes `named` true, a phone or an address not known to bounce makes `phone` or `email` true,
-- and new record dates merge into `shipped` (newest first, every record kept, as `lead_shipped`
-- builds it). Updates and deletes, which can take facts away, still recompute from the tables.
CREATE OR REPLACE FUNCTION lead_search_keys_people() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE lead_search_keys k SET named = true
    FROM (SELECT DISTINCT lead_id, department FROM new_rows) AS n
    WHERE k.lead_id = n.lead_id AND NOT k.named
      AND n.department = ANY (CASE k.role WHEN 'buyer' THEN ARRAY['purchasing', 'management']
                                          ELSE ARRAY['sales', 'management'] END);
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    UPDATE lead_search_keys k SET named = lead_named(k.lead_id, k.role)
    WHERE k.lead_id IN (SELECT lead_id FROM new_rows) AND k.named IS DISTINCT FROM lead_named(k.lead_id, k.role);
  END IF;
  UPDATE lead_search_keys k SET named = lead_named(k.lead_id, k.role)
  WHERE k.lead_id IN (SELECT lead_id FROM old_rows) AND k.named IS DISTINCT FROM lead_named(k.lead_id, k.role);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_search_keys_shipments() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE lead_search_keys k
    SET shipped = (SELECT array_agg(d ORDER BY d DESC) FROM unnest(k.shipped || f.dates) AS d)
    FROM (SELECT lead_id, category_id, array_agg(shipped_on) AS dates
          FROM new_rows WHERE category_id IS NOT NULL GROUP BY lead_id, category_id) AS f
    WHERE k.lead_id = f.lead_id AND k.category_id = f.category_id;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    UPDATE lead_search_keys k SET shipped = lead_shipped(k.lead_id, k.category_id)
    WHERE (k.lead_id, k.category_id) IN (SELECT lead_id, category_id FROM new_rows);
  END IF;
  UPDATE lead_search_keys k SET shipped = lead_shipped(k.lead_id, k.category_id)
  WHERE (k.lead_id, k.category_id) IN (SELECT lead_id, category_id FROM old_rows);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION lead_search_keys_contacts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE lead_search_keys k SET phone = k.phone OR f.phone, email = k.email OR f.email
    FROM (SELECT lead_id, bool_or(kind = 'phone') AS phone,
                 bool_or(kind = 'email' AND label <> 'invalid') AS email
          FROM new_rows GROUP BY lead_id) AS f
    WHERE k.lead_id = f.lead_id AND ((f.phone AND NOT k.phone) OR (f.email AND NOT k.email));
    RETURN NULL;
  END IF;
  -- Driven by the changed leads (a join, not a filter over every key).
  IF TG_OP = 'UPDATE' THEN
    UPDATE lead_search_keys k SET phone = f.phone, email = f.email
    FROM (SELECT lead_id, lead_has_phone(lead_id) AS phone, lead_has_email(lead_id) AS email
          FROM (SELECT DISTINCT lead_id FROM new_rows) AS changed) AS f
    WHERE k.lead_id = f.lead_id AND (k.phone, k.email) IS DISTINCT FROM (f.phone, f.email);
  END IF;
  UPDATE lead_search_keys k SET phone = f.phone, email = f.email
  FROM (SELECT lead_id, lead_has_phone(lead_id) AS phone, lead_has_email(lead_id) AS email
        FROM (SELECT DISTINCT lead_id FROM old_rows) AS changed) AS f
  WHERE k.lead_id = f.lead_id AND (k.phone, k.email) IS DISTINCT FROM (f.phone, f.email);
  RETURN NULL;
END $$;
