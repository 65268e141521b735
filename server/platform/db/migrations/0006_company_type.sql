ALTER TABLE "leads" ADD COLUMN "company_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Demo leads seeded before this migration: the kind of company their description names (the
-- role phrases of server/leads/data/company-words.json, mapped as COMPANY_TYPE_OF_PHRASE maps them).
UPDATE "leads" SET "company_type" = CASE substring("description_en" from '\m(importer|distributor|wholesaler|retail chain buyer|project contractor|manufacturer|factory|OEM supplier|exporter)\M')
  WHEN 'importer' THEN 'importer'
  WHEN 'distributor' THEN 'distributor'
  WHEN 'wholesaler' THEN 'wholesaler'
  WHEN 'retail chain buyer' THEN 'retailer'
  WHEN 'project contractor' THEN 'contractor'
  WHEN 'manufacturer' THEN 'manufacturer'
  WHEN 'factory' THEN 'manufacturer'
  WHEN 'OEM supplier' THEN 'manufacturer'
  WHEN 'exporter' THEN 'exporter'
  ELSE '' END
WHERE "company_type" = '';
