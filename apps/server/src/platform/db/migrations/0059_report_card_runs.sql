-- Report cards: the whole school's run of a term's cards as a job (progress, and a cursor so a
-- retried run resumes where it stopped), and the year-end promotion or progression decisions.
CREATE TABLE "report_card_runs" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
  "year" smallint NOT NULL,
  "term" smallint NOT NULL,
  "status" text DEFAULT 'queued' NOT NULL,
  "learners_total" integer DEFAULT 0 NOT NULL,
  "learners_done" integer DEFAULT 0 NOT NULL,
  "cards_created" integer DEFAULT 0 NOT NULL,
  "last_learner_id" uuid,
  "created_by" text REFERENCES "users"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "finished_at" timestamp with time zone,
  CONSTRAINT "report_card_runs_status_check" CHECK ("status" in ('queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
CREATE INDEX "report_card_runs_org_idx" ON "report_card_runs" ("organization_id", "created_at");
--> statement-breakpoint
CREATE TABLE "promotion_decisions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
  "learner_id" uuid NOT NULL REFERENCES "learners"("id") ON DELETE cascade,
  "year" smallint NOT NULL,
  "grade" smallint NOT NULL,
  "decision" text NOT NULL,
  "suggested" text NOT NULL,
  "reason" text DEFAULT '' NOT NULL,
  "decided_by" text REFERENCES "users"("id") ON DELETE set null,
  "decided_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "promotion_decisions_decision_check" CHECK ("decision" in ('promoted', 'progressed', 'not_promoted', 'condoned')),
  CONSTRAINT "promotion_decisions_suggested_check" CHECK ("suggested" in ('promoted', 'progressed', 'not_promoted', 'condoned'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promotion_decisions_learner_year_key" ON "promotion_decisions" ("learner_id", "year");
--> statement-breakpoint
CREATE INDEX "promotion_decisions_org_year_idx" ON "promotion_decisions" ("organization_id", "year");
