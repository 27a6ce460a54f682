-- The annual teaching plan per subject and grade (topics per term and week), and what each
-- subject class has taught of it: the head of department's coverage against the plan (issue 38).
CREATE TABLE "teaching_plan_topics" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "year" smallint NOT NULL,
  "grade" smallint NOT NULL,
  "subject" text NOT NULL,
  "term" smallint NOT NULL,
  "week" smallint NOT NULL,
  "position" smallint NOT NULL DEFAULT 1,
  "topic" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "teaching_plan_topics_term_check" CHECK ("term" BETWEEN 1 AND 4),
  CONSTRAINT "teaching_plan_topics_week_check" CHECK ("week" BETWEEN 1 AND 15),
  CONSTRAINT "teaching_plan_topics_grade_check" CHECK ("grade" BETWEEN 0 AND 12),
  CONSTRAINT "teaching_plan_topics_topic_check" CHECK (length("topic") BETWEEN 1 AND 200)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "teaching_plan_topics_slot_key" ON "teaching_plan_topics" ("organization_id", "year", "grade", "subject", "term", "week", "position");
--> statement-breakpoint
CREATE TABLE "taught_topics" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "subject_class_id" uuid NOT NULL REFERENCES "subject_classes"("id") ON DELETE CASCADE,
  "topic_id" uuid NOT NULL REFERENCES "teaching_plan_topics"("id") ON DELETE CASCADE,
  "taught_on" date NOT NULL,
  "note" text DEFAULT '' NOT NULL,
  "recorded_by" text REFERENCES "users"("id") ON DELETE SET NULL,
  "recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "taught_topics_note_check" CHECK (length("note") <= 500)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "taught_topics_class_topic_key" ON "taught_topics" ("subject_class_id", "topic_id");
--> statement-breakpoint
CREATE INDEX "taught_topics_org_idx" ON "taught_topics" ("organization_id");
