-- Online 入驻 applications (issue 13), the 统一社会信用代码 of a supplier (one store per code) and the
-- supplier's own 货号 of a product (unique per supplier; the key of an Excel re-import).
CREATE TABLE "supplier_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"member_id" integer NOT NULL,
	"status" varchar(16) DEFAULT 'pending' NOT NULL,
	"company_name" varchar(100) NOT NULL,
	"credit_code" varchar(18) NOT NULL,
	"kind" varchar(20) NOT NULL,
	"province" varchar(20) NOT NULL,
	"city" varchar(20) NOT NULL,
	"address" varchar(200) NOT NULL,
	"contact_name" varchar(40) NOT NULL,
	"contact_phone" varchar(20) NOT NULL,
	"contact_email" varchar(254) NOT NULL,
	"licence_upload_id" integer NOT NULL,
	"categories" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"brands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"review_note" text,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"supplier_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "supplier_applications" ADD CONSTRAINT "supplier_applications_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "supplier_applications" ADD CONSTRAINT "supplier_applications_licence_upload_id_uploads_id_fk" FOREIGN KEY ("licence_upload_id") REFERENCES "public"."uploads"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "supplier_applications_member_uq" ON "supplier_applications" USING btree ("member_id");
--> statement-breakpoint
CREATE INDEX "supplier_applications_status_idx" ON "supplier_applications" USING btree ("status","created_at");
--> statement-breakpoint
ALTER TABLE "suppliers" ADD COLUMN "credit_code" varchar(18);
--> statement-breakpoint
CREATE UNIQUE INDEX "suppliers_credit_code_uq" ON "suppliers" USING btree ("credit_code");
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" varchar(40);
--> statement-breakpoint
CREATE UNIQUE INDEX "products_supplier_sku_uq" ON "products" USING btree ("supplier_id","sku");
