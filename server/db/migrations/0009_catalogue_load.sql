-- Catalogue under load: every write to a table that public answers are built from tells the
-- server processes on this database (NOTIFY yct_catalogue, payload = the table) so their answer
-- caches drop what changed. Updates that change only a view counter do not notify.
CREATE OR REPLACE FUNCTION yct_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (to_jsonb(NEW) - 'views') = (to_jsonb(OLD) - 'views') THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('yct_catalogue', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "products" FOR EACH ROW EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_truncated" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "product_params_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "product_params" FOR EACH ROW EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "product_params_catalogue_truncated" AFTER TRUNCATE ON "product_params" FOR EACH STATEMENT EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "product_images_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "product_images" FOR EACH ROW EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "product_images_catalogue_truncated" AFTER TRUNCATE ON "product_images" FOR EACH STATEMENT EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "stores_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "stores" FOR EACH ROW EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "stores_catalogue_truncated" AFTER TRUNCATE ON "stores" FOR EACH STATEMENT EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "store_categories_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "store_categories" FOR EACH ROW EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "store_categories_catalogue_truncated" AFTER TRUNCATE ON "store_categories" FOR EACH STATEMENT EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "suppliers_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "suppliers" FOR EACH ROW EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "suppliers_catalogue_truncated" AFTER TRUNCATE ON "suppliers" FOR EACH STATEMENT EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "brands_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "brands" FOR EACH ROW EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "brands_catalogue_truncated" AFTER TRUNCATE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "categories_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "categories" FOR EACH ROW EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "categories_catalogue_truncated" AFTER TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "store_articles_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "store_articles" FOR EACH ROW EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "store_articles_catalogue_truncated" AFTER TRUNCATE ON "store_articles" FOR EACH STATEMENT EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "recruitments_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "recruitments" FOR EACH ROW EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "recruitments_catalogue_truncated" AFTER TRUNCATE ON "recruitments" FOR EACH STATEMENT EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "news_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "news" FOR EACH ROW EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "news_catalogue_truncated" AFTER TRUNCATE ON "news" FOR EACH STATEMENT EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "articles_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "articles" FOR EACH ROW EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "articles_catalogue_truncated" AFTER TRUNCATE ON "articles" FOR EACH STATEMENT EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "demands_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "demands" FOR EACH ROW EXECUTE FUNCTION yct_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER "demands_catalogue_truncated" AFTER TRUNCATE ON "demands" FOR EACH STATEMENT EXECUTE FUNCTION yct_catalogue_changed();
