CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" varchar(20) NOT NULL,
	"title" varchar(150) NOT NULL,
	"summary" text,
	"content" text NOT NULL,
	"cover" text,
	"author" varchar(40),
	"tags" text[],
	"views" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"entity" varchar(20) NOT NULL,
	"entity_id" integer NOT NULL,
	"from_state" varchar(20),
	"to_state" varchar(20) NOT NULL,
	"actor_id" integer,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(80) NOT NULL,
	"name_en" varchar(80),
	"country" varchar(40),
	"logo" text,
	"description" text,
	"supplier_id" integer,
	"status" varchar(16) DEFAULT 'approved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(50) NOT NULL,
	"level" smallint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"icon" text
);
--> statement-breakpoint
CREATE TABLE "collections" (
	"member_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"target_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_member_id_kind_target_id_pk" PRIMARY KEY("member_id","kind","target_id")
);
--> statement-breakpoint
CREATE TABLE "demands" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchaser_id" integer,
	"title" varchar(120) NOT NULL,
	"category_id" integer,
	"quantity" integer NOT NULL,
	"unit" varchar(10) DEFAULT '台' NOT NULL,
	"budget" numeric(14, 2),
	"budget_hidden" boolean DEFAULT false NOT NULL,
	"need_by" timestamp with time zone,
	"quote_deadline" timestamp with time zone NOT NULL,
	"province" varchar(20),
	"city" varchar(20),
	"description" text,
	"params" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"contact_name" varchar(40),
	"contact_phone" varchar(20),
	"company_name" varchar(100),
	"quote_cap" smallint DEFAULT 10 NOT NULL,
	"status" varchar(20) DEFAULT 'DRAFT' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"kind" varchar(16) NOT NULL,
	"content" text NOT NULL,
	"contact" varchar(100),
	"ip" varchar(64),
	"status" varchar(16) DEFAULT 'new' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" varchar(10) DEFAULT 'product' NOT NULL,
	"member_id" integer,
	"supplier_id" integer,
	"product_id" integer,
	"subject" varchar(120) NOT NULL,
	"quantity" integer,
	"contact_name" varchar(40),
	"contact_phone" varchar(20),
	"message" text,
	"reply" text,
	"replied_at" timestamp with time zone,
	"status" varchar(16) DEFAULT 'NEW' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "members" (
	"id" serial PRIMARY KEY NOT NULL,
	"uname" varchar(20),
	"mobile" varchar(11),
	"email" varchar(254),
	"password_hash" text,
	"real_name" varchar(50),
	"nickname" varchar(50),
	"avatar" text,
	"company_name" varchar(100),
	"roles" text[] DEFAULT ARRAY['member']::text[] NOT NULL,
	"status" varchar(16) DEFAULT 'active' NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"category" varchar(20) NOT NULL,
	"title" varchar(150) NOT NULL,
	"summary" text,
	"content" text NOT NULL,
	"cover" text,
	"source" varchar(60),
	"author" varchar(40),
	"views" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"title" varchar(120) NOT NULL,
	"content" text NOT NULL,
	"link" text,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"url" text NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_params" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" varchar(60) NOT NULL,
	"value" varchar(200) NOT NULL,
	"sort" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"brand_id" integer,
	"store_category_id" integer,
	"name" varchar(120) NOT NULL,
	"model" varchar(60),
	"price" numeric(14, 2),
	"unit" varchar(10) DEFAULT '台' NOT NULL,
	"origin" varchar(40),
	"summary" text,
	"description" text,
	"cover_image" text,
	"province" varchar(20),
	"status" varchar(16) DEFAULT 'on_sale' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"search_tokens" "tsvector",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotation_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation_id" integer NOT NULL,
	"version" smallint NOT NULL,
	"lines" jsonb NOT NULL,
	"total_amount" numeric(14, 2) NOT NULL,
	"valid_until" timestamp with time zone,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"demand_id" integer,
	"inquiry_id" integer,
	"supplier_id" integer NOT NULL,
	"version" smallint DEFAULT 1 NOT NULL,
	"status" varchar(20) DEFAULT 'SUBMITTED' NOT NULL,
	"total_amount" numeric(14, 2),
	"valid_until" timestamp with time zone,
	"notes" text,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"bucket" varchar(120) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recruitments" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"title" varchar(80) NOT NULL,
	"city" varchar(20),
	"salary" varchar(40),
	"headcount" smallint DEFAULT 1 NOT NULL,
	"education" varchar(20),
	"experience" varchar(20),
	"description" text NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_agent" text,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "store_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"title" varchar(150) NOT NULL,
	"summary" text,
	"content" text NOT NULL,
	"cover" text,
	"status" varchar(16) DEFAULT 'published' NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" varchar(50) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"uid" varchar(32) NOT NULL,
	"name" varchar(100) NOT NULL,
	"theme" smallint DEFAULT 1 NOT NULL,
	"logo" text,
	"banner" text,
	"slogan" varchar(120),
	"introduction" text,
	"views" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer,
	"company_name" varchar(100) NOT NULL,
	"short_name" varchar(40),
	"province" varchar(20),
	"city" varchar(20),
	"address" text,
	"contact_name" varchar(40),
	"contact_phone" varchar(20),
	"contact_email" varchar(254),
	"business_scope" text,
	"founded" smallint,
	"employees" varchar(20),
	"registered_capital" varchar(30),
	"kind" varchar(20) DEFAULT 'distributor' NOT NULL,
	"verified" boolean DEFAULT false NOT NULL,
	"status" varchar(16) DEFAULT 'approved' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer,
	"purpose" varchar(20) NOT NULL,
	"filename" varchar(200) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" bigint NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" varchar(8) NOT NULL,
	"target" varchar(254) NOT NULL,
	"purpose" varchar(24) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"ip" varchar(64),
	"attempts" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "demands" ADD CONSTRAINT "demands_purchaser_id_members_id_fk" FOREIGN KEY ("purchaser_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_params" ADD CONSTRAINT "product_params_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_versions" ADD CONSTRAINT "quotation_versions_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_demand_id_demands_id_fk" FOREIGN KEY ("demand_id") REFERENCES "public"."demands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recruitments" ADD CONSTRAINT "recruitments_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_articles" ADD CONSTRAINT "store_articles_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_categories" ADD CONSTRAINT "store_categories_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppliers" ADD CONSTRAINT "suppliers_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_members_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "audit_entity_idx" ON "audit_log" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "demands_status_idx" ON "demands" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "demands_purchaser_idx" ON "demands" USING btree ("purchaser_id");--> statement-breakpoint
CREATE INDEX "inquiries_supplier_idx" ON "inquiries" USING btree ("supplier_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "members_uname_uq" ON "members" USING btree (lower("uname"));--> statement-breakpoint
CREATE UNIQUE INDEX "members_mobile_uq" ON "members" USING btree ("mobile");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_uq" ON "members" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "news" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_params_product_idx" ON "product_params" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_tokens");--> statement-breakpoint
CREATE INDEX "products_model_trgm_idx" ON "products" USING gin (lower("model") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_supplier_idx" ON "products" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "products_created_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotation_versions_uq" ON "quotation_versions" USING btree ("quotation_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_demand_supplier_uq" ON "quotations" USING btree ("demand_id","supplier_id");--> statement-breakpoint
CREATE INDEX "quotations_supplier_idx" ON "quotations" USING btree ("supplier_id");--> statement-breakpoint
CREATE INDEX "rate_events_bucket_idx" ON "rate_events" USING btree ("bucket","at");--> statement-breakpoint
CREATE INDEX "recruitments_supplier_idx" ON "recruitments" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_uq" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_member_idx" ON "sessions" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "store_articles_supplier_idx" ON "store_articles" USING btree ("supplier_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_uid_uq" ON "stores" USING btree ("uid");--> statement-breakpoint
CREATE UNIQUE INDEX "stores_supplier_uq" ON "stores" USING btree ("supplier_id");--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_member_uq" ON "suppliers" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "vcodes_target_idx" ON "verification_codes" USING btree ("channel","target","created_at");