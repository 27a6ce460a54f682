-- A learner's mark of a day is keyed by the learner and the day (decision 007): the marks' separate
-- id goes, with its index (one index entry fewer for every mark saved), and a correction names the
-- mark it corrects by (learner_id, date), filled in here from the id it named.
ALTER TABLE "attendance_changes" ADD COLUMN "learner_id" uuid;--> statement-breakpoint
ALTER TABLE "attendance_changes" ADD COLUMN "date" date;--> statement-breakpoint
UPDATE "attendance_changes" AS c SET "learner_id" = r."learner_id", "date" = r."date"
  FROM "attendance_records" AS r WHERE r."id" = c."record_id";--> statement-breakpoint
ALTER TABLE "attendance_changes" ALTER COLUMN "learner_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_changes" ALTER COLUMN "date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "attendance_changes" DROP CONSTRAINT "attendance_changes_record_id_attendance_records_id_fk";--> statement-breakpoint
DROP INDEX "attendance_changes_record_idx";--> statement-breakpoint
ALTER TABLE "attendance_changes" DROP COLUMN "record_id";--> statement-breakpoint
ALTER TABLE "attendance_records" DROP CONSTRAINT "attendance_records_pkey";--> statement-breakpoint
ALTER TABLE "attendance_records" DROP COLUMN "id";--> statement-breakpoint
ALTER TABLE "attendance_records" ADD CONSTRAINT "attendance_records_pkey" PRIMARY KEY USING INDEX "attendance_records_learner_date_key";--> statement-breakpoint
ALTER TABLE "attendance_changes" ADD CONSTRAINT "attendance_changes_mark_fk" FOREIGN KEY ("learner_id","date") REFERENCES "public"."attendance_records"("learner_id","date") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attendance_changes_mark_idx" ON "attendance_changes" USING btree ("learner_id","date","changed_at");
