-- Security hardening (issue 11): throttle counters that are taken atomically in the database
-- (one INSERT … ON CONFLICT DO UPDATE … RETURNING per try), shared by every API instance.
CREATE TABLE "throttle_counters" (
	"bucket" varchar(160) PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "throttle_counters_expires_idx" ON "throttle_counters" USING btree ("expires_at");
--> statement-breakpoint
DROP TABLE "rate_events";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "uploads_created_idx" ON "uploads" USING btree ("created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "uploads_owner_idx" ON "uploads" USING btree ("owner_id", "created_at");
