-- Excel imports of a supplier's goods (issue 13 item 3): progress the browser polls while one runs.
CREATE TABLE "goods_import_jobs" (
  "id" varchar(36) PRIMARY KEY NOT NULL,
  "supplier_id" integer NOT NULL REFERENCES "suppliers"("id") ON DELETE CASCADE,
  "state" varchar(16) DEFAULT 'running' NOT NULL,
  "rows" integer NOT NULL,
  "processed" integer DEFAULT 0 NOT NULL,
  "created" integer DEFAULT 0 NOT NULL,
  "updated" integer DEFAULT 0 NOT NULL,
  "message" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "goods_import_jobs_supplier_idx" ON "goods_import_jobs" USING btree ("supplier_id","created_at");
