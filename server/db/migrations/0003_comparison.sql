-- 比价单 (issue 19): the 选定理由 of a decision, and the figures each printed 比价单 was issued
-- for, under a random 核验码 an approver can check on /verify/comparison/<code>.
ALTER TABLE "demands" ADD COLUMN IF NOT EXISTS "award_reason" text;
--> statement-breakpoint
CREATE TABLE "comparison_snapshots" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(16) NOT NULL,
	"demand_id" integer NOT NULL,
	"digest" varchar(64) NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "comparison_snapshots" ADD CONSTRAINT "comparison_snapshots_demand_id_demands_id_fk" FOREIGN KEY ("demand_id") REFERENCES "public"."demands"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "comparison_snapshots_code_uq" ON "comparison_snapshots" USING btree ("code");
--> statement-breakpoint
CREATE UNIQUE INDEX "comparison_snapshots_demand_digest_uq" ON "comparison_snapshots" USING btree ("demand_id","digest");
