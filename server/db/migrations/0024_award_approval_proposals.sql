-- Approval before an award (issue 38 point 5): where a demand's 采购单位 requires it
-- (organisations.award_approval), its 申请人 proposes a quotation at one version with the 选定理由
-- instead of accepting; the organisation's 审批人 approve level by level (levels by the comparable
-- total, the publishing rule) or return it. The last approval accepts that version; a revision,
-- withdrawal or the end of the demand meanwhile voids the proposal. One pending proposal per demand.
-- Each step keeps the 比价单's 核验码 as the approver saw it.
CREATE TABLE "award_proposals" (
  "id" serial PRIMARY KEY NOT NULL,
  "demand_id" integer NOT NULL REFERENCES "demands"("id") ON DELETE CASCADE,
  "organisation_id" integer REFERENCES "organisations"("id") ON DELETE SET NULL,
  "quotation_id" integer NOT NULL REFERENCES "quotations"("id") ON DELETE CASCADE,
  "version" smallint NOT NULL,
  "reason" text,
  "proposer_id" integer REFERENCES "members"("id") ON DELETE SET NULL,
  "comparable_total" numeric(14, 2) NOT NULL,
  "levels" smallint NOT NULL,
  "status" varchar(10) NOT NULL DEFAULT 'pending',
  "outcome" text,
  "verify_code" varchar(16),
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "award_proposals_pending_uq" ON "award_proposals" ("demand_id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "award_proposals_demand_idx" ON "award_proposals" ("demand_id", "created_at");
--> statement-breakpoint
CREATE INDEX "award_proposals_org_idx" ON "award_proposals" ("organisation_id", "status");
--> statement-breakpoint
CREATE TABLE "award_approvals" (
  "id" serial PRIMARY KEY NOT NULL,
  "proposal_id" integer NOT NULL REFERENCES "award_proposals"("id") ON DELETE CASCADE,
  "level" smallint NOT NULL,
  "approver_id" integer REFERENCES "members"("id") ON DELETE SET NULL,
  "decision" varchar(10) NOT NULL,
  "reason" text,
  "verify_code" varchar(16),
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "award_approvals_level_uq" ON "award_approvals" ("proposal_id", "level");
