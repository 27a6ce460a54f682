ALTER TABLE "learners" ADD COLUMN "register_class_since" date DEFAULT ((now() at time zone 'Africa/Johannesburg')::date) NOT NULL;--> statement-breakpoint
-- The learners before this column: in their class from the school day they were created (what the
-- records know; a register kept before that day lists them only where they have a mark).
UPDATE "learners" SET "register_class_since" = ("created_at" at time zone 'Africa/Johannesburg')::date;
