-- 采购单位 (issue 38): a lab or purchasing office buying as one organisation. A member belongs to
-- at most one organisation at a time: organisation_members is keyed by the member alone. The
-- organisation's approval rules live on it (publish_approval enforced; award_approval stored for
-- approval before an award, not enforced yet). A demand of an organisation that requires approval
-- waits in PENDING_APPROVAL; its approval steps are demand_approvals rows of the submission's
-- round (a returned and resubmitted demand starts a new round), one row per level at most.
CREATE TABLE "organisations" (
  "id" serial PRIMARY KEY NOT NULL,
  "name" varchar(100) NOT NULL,
  "code" varchar(18) NOT NULL,
  "status" varchar(10) NOT NULL DEFAULT 'pending',
  "review_note" text,
  "reviewed_at" timestamp with time zone,
  "reviewed_by" integer,
  "created_by" integer REFERENCES "members"("id") ON DELETE SET NULL,
  "publish_approval" boolean NOT NULL DEFAULT false,
  "award_approval" boolean NOT NULL DEFAULT false,
  "two_level_above" numeric(14, 2),
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_code_uq" ON "organisations" ("code") WHERE "status" <> 'rejected';
--> statement-breakpoint
CREATE INDEX "organisations_status_idx" ON "organisations" ("status", "created_at");
--> statement-breakpoint
CREATE TABLE "organisation_members" (
  "member_id" integer PRIMARY KEY NOT NULL REFERENCES "members"("id") ON DELETE CASCADE,
  "organisation_id" integer NOT NULL REFERENCES "organisations"("id") ON DELETE CASCADE,
  "roles" text[] NOT NULL DEFAULT '{applicant}',
  "joined_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "organisation_members_org_idx" ON "organisation_members" ("organisation_id");
--> statement-breakpoint
CREATE TABLE "organisation_invitations" (
  "id" serial PRIMARY KEY NOT NULL,
  "organisation_id" integer NOT NULL REFERENCES "organisations"("id") ON DELETE CASCADE,
  "token" varchar(64) NOT NULL,
  "mobile" varchar(20),
  "invited_by" integer REFERENCES "members"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "expires_at" timestamp with time zone NOT NULL,
  "accepted_by" integer,
  "accepted_at" timestamp with time zone,
  "revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_invitations_token_uq" ON "organisation_invitations" ("token");
--> statement-breakpoint
CREATE INDEX "organisation_invitations_org_idx" ON "organisation_invitations" ("organisation_id");
--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "organisation_id" integer REFERENCES "organisations"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "approval_round" smallint NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "demands" ADD COLUMN "approval_levels" smallint NOT NULL DEFAULT 0;
--> statement-breakpoint
CREATE INDEX "demands_organisation_idx" ON "demands" ("organisation_id", "status");
--> statement-breakpoint
CREATE TABLE "demand_approvals" (
  "id" serial PRIMARY KEY NOT NULL,
  "demand_id" integer NOT NULL REFERENCES "demands"("id") ON DELETE CASCADE,
  "round" smallint NOT NULL,
  "level" smallint NOT NULL,
  "approver_id" integer REFERENCES "members"("id") ON DELETE SET NULL,
  "decision" varchar(10) NOT NULL,
  "reason" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "demand_approvals_level_uq" ON "demand_approvals" ("demand_id", "round", "level");
