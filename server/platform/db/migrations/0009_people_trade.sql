CREATE TABLE "lead_people" (
	"id" text PRIMARY KEY NOT NULL,
	"lead_id" text NOT NULL,
	"name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"department" text DEFAULT 'other' NOT NULL,
	"seniority" text DEFAULT 'staff' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT '' NOT NULL,
	CONSTRAINT "lead_people_department_check" CHECK ("lead_people"."department" IN ('purchasing', 'management', 'sales', 'marketing', 'operations', 'logistics', 'engineering', 'finance', 'other')),
	CONSTRAINT "lead_people_seniority_check" CHECK ("lead_people"."seniority" IN ('owner', 'executive', 'director', 'manager', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "lead_shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" text NOT NULL,
	"shipped_on" date NOT NULL,
	"hs_code" text NOT NULL,
	"category_id" integer,
	"product" text NOT NULL,
	"quantity" integer,
	"quantity_unit" text DEFAULT '' NOT NULL,
	"weight_kg" integer,
	"origin" text NOT NULL,
	"destination_port" text DEFAULT '' NOT NULL,
	"supplier" text,
	"source_name" text NOT NULL,
	"source_url" text,
	"source_ref" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_contacts" ADD COLUMN "person_id" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "founded_year" integer;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "traded_category_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "lead_people" ADD CONSTRAINT "lead_people_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_shipments" ADD CONSTRAINT "lead_shipments_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_people_lead_idx" ON "lead_people" USING btree ("lead_id","position");--> statement-breakpoint
CREATE INDEX "lead_shipments_lead_idx" ON "lead_shipments" USING btree ("lead_id","category_id","shipped_on");--> statement-breakpoint
CREATE UNIQUE INDEX "lead_shipments_ref_idx" ON "lead_shipments" USING btree ("lead_id","source_ref");--> statement-breakpoint
ALTER TABLE "lead_contacts" ADD CONSTRAINT "lead_contacts_person_id_lead_people_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."lead_people"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_contacts_person_idx" ON "lead_contacts" USING btree ("person_id");