-- Checked Excel imports of a supplier's goods (issue 30): the dry run stores what it showed, and the
-- import applies exactly that plan (with the same file) until it expires.
CREATE TABLE "goods_import_plans" (
  "id" varchar(36) PRIMARY KEY NOT NULL,
  "supplier_id" integer NOT NULL REFERENCES "suppliers"("id") ON DELETE CASCADE,
  "file_hash" varchar(64) NOT NULL,
  "ops" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "goods_import_plans_supplier_idx" ON "goods_import_plans" USING btree ("supplier_id");
--> statement-breakpoint
CREATE INDEX "goods_import_plans_expires_idx" ON "goods_import_plans" USING btree ("expires_at");
