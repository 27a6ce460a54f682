-- A mark's class and learner are keyed together with its school (decision 007): the database
-- refuses a mark whose class or learner belongs to another school than the mark, and a register
-- save checks three keys a mark instead of four (the school's own key is implied by the class's).
ALTER TABLE "learners" ADD CONSTRAINT "learners_org_id_key" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "register_classes" ADD CONSTRAINT "register_classes_org_id_key" UNIQUE("organization_id","id");--> statement-breakpoint
ALTER TABLE "attendance_records" DROP CONSTRAINT "attendance_records_organization_id_organizations_id_fk";--> statement-breakpoint
ALTER TABLE "attendance_records" DROP CONSTRAINT "attendance_records_register_class_id_register_classes_id_fk";--> statement-breakpoint
ALTER TABLE "attendance_records" DROP CONSTRAINT "attendance_records_learner_id_learners_id_fk";--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_class_fk" FOREIGN KEY ("organization_id","register_class_id") REFERENCES "public"."register_classes"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_learner_fk" FOREIGN KEY ("organization_id","learner_id") REFERENCES "public"."learners"("organization_id","id") ON DELETE cascade ON UPDATE no action;
