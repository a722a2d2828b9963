-- Keeps the products table's rows narrow (issue 10): the long columns (description, search tokens,
-- takedown reason) move out of line into the table's TOAST storage once a row passes 512 bytes, while
-- the short ones that lists, facets and relevance read for every matching row stay in the row
-- (STORAGE MAIN: compressed in place only if the row still does not fit, out of line only past a
-- page). A broad keyword's facets or a price band's total then read ~5,000 pages of 100,000 goods
-- instead of ~18,000 (143 MB → 46 MB at 100,000 goods: the whole heap fits in shared buffers).
-- Rows written before this migration keep their layout until rewritten: `VACUUM FULL products`
-- (docs/deploy.md) applies it to all of them at once.
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
