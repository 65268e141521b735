CREATE TABLE "seller_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"company_zh" text DEFAULT '' NOT NULL,
	"company_en" text DEFAULT '' NOT NULL,
	"products" text[] DEFAULT '{}'::text[] NOT NULL,
	"strengths" text[] DEFAULT '{}'::text[] NOT NULL,
	"certifications" text[] DEFAULT '{}'::text[] NOT NULL,
	"moq_quantity" integer,
	"moq_unit" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"name_zh" text DEFAULT '' NOT NULL,
	"name_en" text DEFAULT '' NOT NULL,
	"title_zh" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"wechat" text DEFAULT '' NOT NULL,
	"whatsapp" text DEFAULT '' NOT NULL,
	"edited" text[] DEFAULT '{}'::text[] NOT NULL,
	"from_files" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "seller_profiles" ADD CONSTRAINT "seller_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;