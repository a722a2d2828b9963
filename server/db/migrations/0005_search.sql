-- Search (issue 20): tokens are computed at write time by server/lib/search (segmentation, domain
-- dictionary, model infixes) and stored as literal lexemes in search_tokens. search_version says
-- which token scheme a row was written with: rows from before this migration start at 0 and are
-- re-indexed when the server starts (server/lib/search/reindex.ts); new rows are written current.
ALTER TABLE "products" ADD COLUMN IF NOT EXISTS "search_version" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "search_version" SET DEFAULT 1;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_search_version_idx" ON "products" USING btree ("search_version");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_province_idx" ON "products" USING btree ("province");
