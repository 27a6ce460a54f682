-- Who marked and who corrected a mark are kept as the audit log keeps its actor (decision 007):
-- a user's id with no key to users. A deleted account's marks and corrections still name it, and
-- deleting an account no longer reads every mark of every school to set these to null.
ALTER TABLE "attendance_changes" DROP CONSTRAINT "attendance_changes_changed_by_users_id_fk";--> statement-breakpoint
ALTER TABLE "attendance_records" DROP CONSTRAINT "attendance_records_marked_by_users_id_fk";
