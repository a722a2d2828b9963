CREATE TABLE "trade_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"upload_id" integer NOT NULL,
	"entity" varchar(12) NOT NULL,
	"entity_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "deadline_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "repost_of" integer;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "parent_id" integer;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "unit" varchar(10);--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "inquiries" ADD COLUMN "company_name" varchar(100);--> statement-breakpoint
ALTER TABLE "notices" ADD COLUMN "kind" varchar(24);--> statement-breakpoint
ALTER TABLE "quotation_versions" ADD COLUMN "specs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "trade_attachments" ADD CONSTRAINT "trade_attachments_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trade_attachments_entity_idx" ON "trade_attachments" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_attachments_upload_uq" ON "trade_attachments" USING btree ("upload_id","entity","entity_id");--> statement-breakpoint
CREATE INDEX "demands_deadline_idx" ON "demands" USING btree ("status","quote_deadline");--> statement-breakpoint
CREATE INDEX "inquiries_kind_idx" ON "inquiries" USING btree ("kind","status","created_at");--> statement-breakpoint
CREATE INDEX "inquiries_member_idx" ON "inquiries" USING btree ("member_id");--> statement-breakpoint
CREATE INDEX "inquiries_parent_idx" ON "inquiries" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "notices_member_idx" ON "notices" USING btree ("member_id","read_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_inquiry_uq" ON "quotations" USING btree ("inquiry_id");--> statement-breakpoint
CREATE INDEX "quotations_valid_idx" ON "quotations" USING btree ("status","valid_until");