-- Assessment (CAPS): the programme of formal assessment per subject, grade and year, the marks of
-- its tasks, their release per subject class and term, changes after release, and assignments.
CREATE TABLE "assessment_programmes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"year" smallint NOT NULL,
	"grade" smallint NOT NULL,
	"subject" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_programmes_key" ON "assessment_programmes" USING btree ("organization_id","year","grade","subject");--> statement-breakpoint
CREATE TABLE "assessment_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"programme_id" uuid NOT NULL REFERENCES "assessment_programmes"("id") ON DELETE cascade,
	"term" smallint NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"weight" smallint NOT NULL,
	"max_mark" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_tasks_term_check" CHECK ("term" between 1 and 4),
	CONSTRAINT "assessment_tasks_weight_check" CHECK ("weight" between 1 and 100),
	CONSTRAINT "assessment_tasks_max_check" CHECK ("max_mark" between 1 and 1000),
	CONSTRAINT "assessment_tasks_type_check" CHECK ("type" in ('test', 'assignment', 'project', 'practical', 'examination'))
);--> statement-breakpoint
CREATE INDEX "assessment_tasks_programme_idx" ON "assessment_tasks" USING btree ("programme_id","term","position");--> statement-breakpoint
CREATE TABLE "assessment_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"task_id" uuid NOT NULL REFERENCES "assessment_tasks"("id") ON DELETE cascade,
	"learner_id" uuid NOT NULL REFERENCES "learners"("id") ON DELETE cascade,
	"mark" numeric(6, 2),
	"code" text,
	"updated_by" text REFERENCES "users"("id") ON DELETE set null,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_marks_value_check" CHECK (("mark" is not null and "code" is null and "mark" >= 0) or ("mark" is null and "code" in ('AB', 'EX')))
);--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_marks_task_learner_key" ON "assessment_marks" USING btree ("task_id","learner_id");--> statement-breakpoint
CREATE INDEX "assessment_marks_org_learner_idx" ON "assessment_marks" USING btree ("organization_id","learner_id");--> statement-breakpoint
CREATE TABLE "assessment_releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"subject_class_id" uuid NOT NULL REFERENCES "subject_classes"("id") ON DELETE cascade,
	"year" smallint NOT NULL,
	"term" smallint NOT NULL,
	"released_by" text REFERENCES "users"("id") ON DELETE set null,
	"released_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_releases_key" ON "assessment_releases" USING btree ("subject_class_id","year","term");--> statement-breakpoint
CREATE TABLE "assessment_mark_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"subject_class_id" uuid NOT NULL REFERENCES "subject_classes"("id") ON DELETE cascade,
	"task_id" uuid NOT NULL REFERENCES "assessment_tasks"("id") ON DELETE cascade,
	"learner_id" uuid NOT NULL REFERENCES "learners"("id") ON DELETE cascade,
	"old_value" text NOT NULL,
	"new_value" text NOT NULL,
	"reason" text NOT NULL,
	"changed_by" text REFERENCES "users"("id") ON DELETE set null,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "assessment_mark_changes_class_idx" ON "assessment_mark_changes" USING btree ("subject_class_id","changed_at");--> statement-breakpoint
CREATE TABLE "assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"subject_class_id" uuid NOT NULL REFERENCES "subject_classes"("id") ON DELETE cascade,
	"created_by" text REFERENCES "users"("id") ON DELETE set null,
	"title" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"attachment_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"total_marks" smallint NOT NULL,
	"task_id" uuid REFERENCES "assessment_tasks"("id") ON DELETE set null,
	"late_policy" text NOT NULL,
	"released_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assignments_late_policy_check" CHECK ("late_policy" in ('accept_late', 'refuse'))
);--> statement-breakpoint
CREATE INDEX "assignments_class_idx" ON "assignments" USING btree ("subject_class_id","due_at");--> statement-breakpoint
CREATE INDEX "assignments_org_idx" ON "assignments" USING btree ("organization_id","due_at");--> statement-breakpoint
CREATE TABLE "assignment_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"assignment_id" uuid NOT NULL REFERENCES "assignments"("id") ON DELETE cascade,
	"learner_id" uuid NOT NULL REFERENCES "learners"("id") ON DELETE cascade,
	"text" text DEFAULT '' NOT NULL,
	"upload_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"submitted_at" timestamp with time zone,
	"late" boolean DEFAULT false NOT NULL,
	"mark" numeric(6, 2),
	"comment" text DEFAULT '' NOT NULL,
	"marked_by" text REFERENCES "users"("id") ON DELETE set null,
	"marked_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "assignment_submissions_key" ON "assignment_submissions" USING btree ("assignment_id","learner_id");--> statement-breakpoint
CREATE INDEX "assignment_submissions_learner_idx" ON "assignment_submissions" USING btree ("organization_id","learner_id");
--> statement-breakpoint
CREATE TABLE "report_cards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"learner_id" uuid NOT NULL REFERENCES "learners"("id") ON DELETE cascade,
	"year" smallint NOT NULL,
	"term" smallint NOT NULL,
	"class_teacher_comment" text DEFAULT '' NOT NULL,
	"principal_comment" text DEFAULT '' NOT NULL,
	"generated_by" text REFERENCES "users"("id") ON DELETE set null,
	"generated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "report_cards_learner_term_key" ON "report_cards" USING btree ("learner_id","year","term");--> statement-breakpoint
CREATE INDEX "report_cards_org_term_idx" ON "report_cards" USING btree ("organization_id","year","term");
