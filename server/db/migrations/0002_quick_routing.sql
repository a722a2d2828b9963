DROP INDEX "inquiries_parent_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "inquiries_parent_supplier_uq" ON "inquiries" USING btree ("parent_id","supplier_id");