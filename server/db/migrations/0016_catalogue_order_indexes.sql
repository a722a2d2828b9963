-- The shop's list orders, read from an index (issue 10): a page of public goods in 综合 (views),
-- 最新, or price order, also deep pages and a store's goods, walks an index instead of sorting every
-- public row per request. Partial: only goods on sale are ever listed in these orders.
CREATE INDEX IF NOT EXISTS "products_public_views_idx" ON "products" ("views" DESC, "id" DESC) WHERE "status" = 'on_sale';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_public_newest_idx" ON "products" ("created_at" DESC, "id" DESC) WHERE "status" = 'on_sale';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_public_price_asc_idx" ON "products" ("price" ASC NULLS LAST, "id" DESC) WHERE "status" = 'on_sale';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_public_price_desc_idx" ON "products" ("price" DESC NULLS LAST, "id" DESC) WHERE "status" = 'on_sale';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_public_supplier_newest_idx" ON "products" ("supplier_id", "created_at" DESC, "id" DESC) WHERE "status" = 'on_sale';
--> statement-breakpoint
-- Totals and the brand and region facets of a filtered list are counted from this narrow index
-- alone (an index-only scan) instead of reading every matching row of the wide products table.
CREATE INDEX IF NOT EXISTS "products_public_facets_idx" ON "products" ("category_id") INCLUDE ("brand_id", "province", "price", "supplier_id") WHERE "status" = 'on_sale';
