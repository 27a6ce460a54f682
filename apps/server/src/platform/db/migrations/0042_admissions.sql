-- School admissions: a school's rounds (year, grades with places, its questions and documents),
-- the guardians' applications with the consent recorded before any of the child's data, their
-- documents (uploads), the school's document requests, notes and the history of statuses.
CREATE TABLE "admission_rounds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"year" smallint NOT NULL,
	"opens_on" date NOT NULL,
	"closes_on" date NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"documents" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"offer_days" smallint DEFAULT 14 NOT NULL,
	"retention_days" smallint DEFAULT 180 NOT NULL,
	"created_by" text REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admission_rounds_dates_check" CHECK ("closes_on" >= "opens_on")
);--> statement-breakpoint
CREATE INDEX "admission_rounds_org_idx" ON "admission_rounds" USING btree ("organization_id","year");--> statement-breakpoint
CREATE TABLE "admission_round_grades" (
	"round_id" uuid NOT NULL REFERENCES "admission_rounds"("id") ON DELETE cascade,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"grade" smallint NOT NULL,
	"places" integer NOT NULL,
	CONSTRAINT "admission_round_grades_pk" PRIMARY KEY("round_id","grade"),
	CONSTRAINT "admission_round_grades_grade_check" CHECK ("grade" between 0 and 12),
	CONSTRAINT "admission_round_grades_places_check" CHECK ("places" > 0)
);--> statement-breakpoint
CREATE TABLE "admission_applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"round_id" uuid NOT NULL REFERENCES "admission_rounds"("id") ON DELETE cascade,
	"grade" smallint NOT NULL,
	"reference" text NOT NULL,
	"guardian_user_id" text NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"status" text DEFAULT 'draft' NOT NULL,
	"consent_given_at" timestamp with time zone NOT NULL,
	"consent_policy_version" text NOT NULL,
	"consent_guardian_name" text NOT NULL,
	"consent_text" text NOT NULL,
	"child" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"guardian" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"child_key" text,
	"waitlist_position" integer,
	"offer_expires_on" date,
	"submitted_at" timestamp with time zone,
	"learner_id" uuid REFERENCES "learners"("id") ON DELETE set null,
	"status_changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admission_applications_status_check" CHECK ("status" in ('draft', 'submitted', 'documents_requested', 'under_review', 'offered', 'waitlisted', 'declined', 'accepted', 'enrolled', 'lapsed')),
	CONSTRAINT "admission_applications_offer_check" CHECK ("status" <> 'offered' or "offer_expires_on" is not null)
);--> statement-breakpoint
CREATE UNIQUE INDEX "admission_applications_reference_key" ON "admission_applications" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "admission_applications_child_key" ON "admission_applications" USING btree ("round_id","guardian_user_id","child_key") WHERE "child_key" is not null;--> statement-breakpoint
CREATE INDEX "admission_applications_org_round_idx" ON "admission_applications" USING btree ("organization_id","round_id","grade","status");--> statement-breakpoint
CREATE INDEX "admission_applications_guardian_idx" ON "admission_applications" USING btree ("guardian_user_id");--> statement-breakpoint
CREATE INDEX "admission_applications_status_idx" ON "admission_applications" USING btree ("status","offer_expires_on");--> statement-breakpoint
CREATE TABLE "admission_document_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"application_id" uuid NOT NULL REFERENCES "admission_applications"("id") ON DELETE cascade,
	"label" text NOT NULL,
	"note" text NOT NULL,
	"requested_by" text REFERENCES "users"("id") ON DELETE set null,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"fulfilled_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "admission_document_requests_app_idx" ON "admission_document_requests" USING btree ("application_id");--> statement-breakpoint
CREATE TABLE "admission_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"application_id" uuid NOT NULL REFERENCES "admission_applications"("id") ON DELETE cascade,
	"document_key" text NOT NULL,
	"label" text NOT NULL,
	"upload_id" uuid NOT NULL REFERENCES "uploads"("id") ON DELETE cascade,
	"request_id" uuid REFERENCES "admission_document_requests"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "admission_documents_app_idx" ON "admission_documents" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "admission_documents_upload_key" ON "admission_documents" USING btree ("application_id","upload_id");--> statement-breakpoint
CREATE TABLE "admission_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"application_id" uuid NOT NULL REFERENCES "admission_applications"("id") ON DELETE cascade,
	"author_user_id" text REFERENCES "users"("id") ON DELETE set null,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "admission_notes_app_idx" ON "admission_notes" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE TABLE "admission_status_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"application_id" uuid NOT NULL REFERENCES "admission_applications"("id") ON DELETE cascade,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"by_user_id" text REFERENCES "users"("id") ON DELETE set null,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "admission_status_events_app_idx" ON "admission_status_events" USING btree ("application_id","at");
