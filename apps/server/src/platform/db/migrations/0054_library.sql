-- The school library (D25): the school's lending rules, titles, numbered copies with barcodes,
-- loans and holds. A copy is never on loan twice (a unique index over the copy of every open loan);
-- a borrower holds a title at most once at a time; a copy is set aside for one hold at most.
CREATE TABLE "library_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"learner_loan_limit" integer NOT NULL,
	"learner_loan_days" integer NOT NULL,
	"staff_loan_limit" integer NOT NULL,
	"staff_loan_days" integer NOT NULL,
	"max_renewals" integer NOT NULL,
	"reminder_interval_days" integer NOT NULL,
	"hold_pickup_days" integer NOT NULL,
	"next_copy_number" integer NOT NULL DEFAULT 1,
	"updated_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE TABLE "library_titles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"title" text NOT NULL,
	"author" text NOT NULL,
	"isbn" text NOT NULL DEFAULT '',
	"subject" text NOT NULL DEFAULT '',
	"publisher" text NOT NULL DEFAULT '',
	"year" integer,
	"language" text NOT NULL DEFAULT 'english',
	"created_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX "library_titles_org_isbn_key" ON "library_titles" ("organization_id", "isbn") WHERE "isbn" <> '';--> statement-breakpoint
CREATE INDEX "library_titles_org_title_idx" ON "library_titles" ("organization_id", lower("title"), "id");--> statement-breakpoint
CREATE TABLE "library_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"title_id" uuid NOT NULL REFERENCES "library_titles"("id") ON DELETE CASCADE,
	"barcode" text NOT NULL,
	"status" text NOT NULL DEFAULT 'available',
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "library_copies_status_check" CHECK ("status" IN ('available', 'on_loan', 'held', 'lost', 'withdrawn'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "library_copies_org_barcode_key" ON "library_copies" ("organization_id", "barcode");--> statement-breakpoint
CREATE INDEX "library_copies_title_idx" ON "library_copies" ("title_id");--> statement-breakpoint
CREATE TABLE "library_loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"copy_id" uuid NOT NULL REFERENCES "library_copies"("id") ON DELETE CASCADE,
	"title_id" uuid NOT NULL REFERENCES "library_titles"("id") ON DELETE CASCADE,
	"borrower_kind" text NOT NULL,
	"learner_id" uuid REFERENCES "learners"("id") ON DELETE CASCADE,
	"staff_user_id" text REFERENCES "users"("id") ON DELETE CASCADE,
	"issued_at" timestamp with time zone NOT NULL DEFAULT now(),
	"due_on" date NOT NULL,
	"renewals" integer NOT NULL DEFAULT 0,
	"returned_at" timestamp with time zone,
	"reminders_sent" integer NOT NULL DEFAULT 0,
	"last_reminded_at" timestamp with time zone,
	"issued_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"returned_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	CONSTRAINT "library_loans_borrower_check" CHECK (("borrower_kind" = 'learner' AND "learner_id" IS NOT NULL AND "staff_user_id" IS NULL) OR ("borrower_kind" = 'staff' AND "staff_user_id" IS NOT NULL AND "learner_id" IS NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "library_loans_copy_open_key" ON "library_loans" ("copy_id") WHERE "returned_at" IS NULL;--> statement-breakpoint
CREATE INDEX "library_loans_org_due_idx" ON "library_loans" ("organization_id", "due_on") WHERE "returned_at" IS NULL;--> statement-breakpoint
CREATE INDEX "library_loans_learner_idx" ON "library_loans" ("learner_id");--> statement-breakpoint
CREATE INDEX "library_loans_staff_idx" ON "library_loans" ("staff_user_id");--> statement-breakpoint
CREATE TABLE "library_holds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"title_id" uuid NOT NULL REFERENCES "library_titles"("id") ON DELETE CASCADE,
	"borrower_kind" text NOT NULL,
	"learner_id" uuid REFERENCES "learners"("id") ON DELETE CASCADE,
	"staff_user_id" text REFERENCES "users"("id") ON DELETE CASCADE,
	"status" text NOT NULL DEFAULT 'waiting',
	"copy_id" uuid REFERENCES "library_copies"("id") ON DELETE SET NULL,
	"placed_at" timestamp with time zone NOT NULL DEFAULT now(),
	"ready_at" timestamp with time zone,
	"collect_by" date,
	"closed_at" timestamp with time zone,
	CONSTRAINT "library_holds_status_check" CHECK ("status" IN ('waiting', 'ready', 'fulfilled', 'cancelled', 'expired')),
	CONSTRAINT "library_holds_borrower_check" CHECK (("borrower_kind" = 'learner' AND "learner_id" IS NOT NULL AND "staff_user_id" IS NULL) OR ("borrower_kind" = 'staff' AND "staff_user_id" IS NOT NULL AND "learner_id" IS NULL))
);--> statement-breakpoint
CREATE UNIQUE INDEX "library_holds_active_key" ON "library_holds" ("title_id", coalesce("learner_id"::text, "staff_user_id")) WHERE "status" IN ('waiting', 'ready');--> statement-breakpoint
CREATE UNIQUE INDEX "library_holds_ready_copy_key" ON "library_holds" ("copy_id") WHERE "status" = 'ready';--> statement-breakpoint
CREATE INDEX "library_holds_title_idx" ON "library_holds" ("title_id", "placed_at");
