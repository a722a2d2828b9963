-- Trade rules (issue 21): the platform's reason for a rejected demand, shown to its purchaser;
-- amounts can never exceed what NUMERIC(14,2) holds (contracts/money.ts bounds them well below).
ALTER TABLE "demands" ADD COLUMN IF NOT EXISTS "reject_reason" text;
--> statement-breakpoint
UPDATE "demands" d SET "reject_reason" = a."note"
FROM (SELECT DISTINCT ON ("entity_id") "entity_id", "note" FROM "audit_log" WHERE "entity" = 'demand' AND "to_state" = 'REJECTED' ORDER BY "entity_id", "at" DESC, "id" DESC) a
WHERE a."entity_id" = d."id" AND d."status" = 'REJECTED' AND d."reject_reason" IS NULL;
