CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"user_type" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"current_step" integer DEFAULT 1 NOT NULL,
	"step_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"submitted_at" timestamp with time zone,
	"submission_key" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"organization_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_status_check" CHECK ("applications"."status" in ('draft', 'submitted', 'changes_requested', 'approved', 'rejected')),
	CONSTRAINT "applications_current_step_check" CHECK ("applications"."current_step" >= 1)
);
--> statement-breakpoint
CREATE TABLE "guardian_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"guardian_name" text NOT NULL,
	"guardian_email" text NOT NULL,
	"relation" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"consented_at" timestamp with time zone,
	"consented_from_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_consents" ADD CONSTRAINT "guardian_consents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_user_key" ON "applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "applications_queue_idx" ON "applications" USING btree ("status","submitted_at","id");--> statement-breakpoint
CREATE INDEX "applications_type_idx" ON "applications" USING btree ("user_type","status");--> statement-breakpoint
CREATE UNIQUE INDEX "guardian_consents_token_key" ON "guardian_consents" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "guardian_consents_application_idx" ON "guardian_consents" USING btree ("application_id","created_at");