-- Platform moderation: the admin takes a single product down with a reason the supplier sees in
-- 商品管理, and unpublishes (or republishes) platform news and technical articles.
ALTER TABLE "products" ADD COLUMN "takedown_reason" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "taken_down_at" timestamp with time zone;
--> statement-breakpoint
-- Re-listing needs no review: whatever puts a taken-down product on sale again (the editor, a quick
-- or batch 上架, an import) clears the reason, so the rule holds on every write path.
CREATE OR REPLACE FUNCTION yct_clear_takedown() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'on_sale' AND NEW.takedown_reason IS NOT NULL THEN
    NEW.takedown_reason := NULL;
    NEW.taken_down_at := NULL;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "products_clear_takedown" BEFORE INSERT OR UPDATE OF "status" ON "products" FOR EACH ROW EXECUTE FUNCTION yct_clear_takedown();
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "status" varchar(16) DEFAULT 'published' NOT NULL;
--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "status" varchar(16) DEFAULT 'published' NOT NULL;
--> statement-breakpoint
ALTER TABLE "articles" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;
