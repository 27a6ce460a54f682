CREATE TABLE "subject_class_learners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"subject_class_id" uuid NOT NULL,
	"learner_id" uuid NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by" text
);
--> statement-breakpoint
DROP INDEX "subject_classes_org_class_subject_key";--> statement-breakpoint
DROP INDEX "timetable_lessons_class_slot_key";--> statement-breakpoint
ALTER TABLE "subject_classes" ADD COLUMN "membership" text DEFAULT 'register_class' NOT NULL;--> statement-breakpoint
ALTER TABLE "subject_classes" ADD COLUMN "group_name" text;--> statement-breakpoint
ALTER TABLE "timetable_lessons" ADD COLUMN "whole_class" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "subject_class_learners" ADD CONSTRAINT "subject_class_learners_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_class_learners" ADD CONSTRAINT "subject_class_learners_subject_class_id_subject_classes_id_fk" FOREIGN KEY ("subject_class_id") REFERENCES "public"."subject_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_class_learners" ADD CONSTRAINT "subject_class_learners_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_class_learners" ADD CONSTRAINT "subject_class_learners_added_by_users_id_fk" FOREIGN KEY ("added_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subject_class_learners_class_learner_key" ON "subject_class_learners" USING btree ("subject_class_id","learner_id");--> statement-breakpoint
CREATE INDEX "subject_class_learners_org_learner_idx" ON "subject_class_learners" USING btree ("organization_id","learner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_classes_org_class_subject_key" ON "subject_classes" USING btree ("organization_id","register_class_id","subject",coalesce(lower("group_name"), ''));--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_lessons_class_slot_key" ON "timetable_lessons" USING btree ("organization_id","day","period_id","register_class_id") WHERE "timetable_lessons"."whole_class";--> statement-breakpoint
ALTER TABLE "subject_classes" ADD CONSTRAINT "subject_classes_membership_check" CHECK ("subject_classes"."membership" in ('register_class', 'chosen'));