-- The rows a register save writes besides its marks (decision 007): the correction history, the
-- audit of corrections and the absence e-mails take time-ordered ids (UUID version 7, the function
-- of migration 0019), so that new rows land at the right edge of each primary key instead of a
-- random page of it.
ALTER TABLE "outbox_messages" ALTER COLUMN "id" SET DEFAULT sekolo_uuid_v7();--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "id" SET DEFAULT sekolo_uuid_v7();--> statement-breakpoint
ALTER TABLE "attendance_changes" ALTER COLUMN "id" SET DEFAULT sekolo_uuid_v7();