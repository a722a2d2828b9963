-- Supplier response quality (issue 37). The admin's spam mark on an inquiry (not counted in any
-- figure), the first time the buyer opened a quotation (a withdrawal after it counts against the
-- supplier), and the figures themselves, recomputed in batches by the scheduler
-- (server/modules/response/response.jobs.ts) so no page view computes them. A change of a
-- supplier's figures tells every process to drop the public answers that show them (the catalogue
-- channel of migration 0009, as a write to "stores" would).
ALTER TABLE "inquiries" ADD COLUMN "spam_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "spam_by" integer;
--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "buyer_opened_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "supplier_response_stats" (
  "supplier_id" integer PRIMARY KEY NOT NULL REFERENCES "suppliers"("id") ON DELETE CASCADE,
  "inquiries" integer NOT NULL DEFAULT 0,
  "replied" integer NOT NULL DEFAULT 0,
  "reply_rate" smallint,
  "median_reply_minutes" integer,
  "fast_reply" boolean NOT NULL DEFAULT false,
  "quotations" integer NOT NULL DEFAULT 0,
  "withdrawn_after_open" integer NOT NULL DEFAULT 0,
  "accepted" integer NOT NULL DEFAULT 0,
  "computed_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "supplier_response_stats_rate_idx" ON "supplier_response_stats" USING btree ("reply_rate");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yct_response_stats_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('yct_catalogue', 'stores');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "supplier_response_stats_changed" AFTER INSERT OR UPDATE OR DELETE ON "supplier_response_stats" FOR EACH ROW EXECUTE FUNCTION yct_response_stats_changed();
