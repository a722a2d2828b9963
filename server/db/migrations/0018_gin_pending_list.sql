-- Keeps keyword searches fast as views are counted (issue 10). Each batch of counted views rewrites
-- those products' rows, and a rewritten row enters every index of the table again, the GIN indexes
-- of the search (products_search_idx) and of model numbers (products_model_trgm_idx) included.
-- GIN first collects such entries in a pending list that every search reads through in full and
-- that is only merged into the index by VACUUM or once it passes gin_pending_list_limit (4 MB by
-- default). The embedded database (PGlite) never runs autovacuum, so after a day of visits the list
-- sat at ~4 MB and a keyword search took 60–100 ms instead of 15–20 ms on 5,000 goods. A 256 kB
-- limit makes the view-counting write merge small lists as it goes, on both databases; the lists
-- already pending are merged now.
ALTER INDEX "products_search_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "products_model_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
SELECT gin_clean_pending_list('products_search_idx'::regclass), gin_clean_pending_list('products_model_trgm_idx'::regclass);
