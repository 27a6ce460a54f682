CREATE TABLE "learner_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"learner_id" uuid NOT NULL,
	"guardian_id" uuid,
	"guardian_name" text NOT NULL,
	"method" text NOT NULL,
	"policy_version" text NOT NULL,
	"recorded_by" text,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	"withdrawn_by" text,
	CONSTRAINT "learner_consents_method_check" CHECK ("learner_consents"."method" in ('online', 'paper'))
);
--> statement-breakpoint
ALTER TABLE "learners" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "learner_consents" ADD CONSTRAINT "learner_consents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_consents" ADD CONSTRAINT "learner_consents_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_consents" ADD CONSTRAINT "learner_consents_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_consents" ADD CONSTRAINT "learner_consents_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_consents" ADD CONSTRAINT "learner_consents_withdrawn_by_users_id_fk" FOREIGN KEY ("withdrawn_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_consents_learner_idx" ON "learner_consents" USING btree ("learner_id","given_at");--> statement-breakpoint
CREATE INDEX "learner_consents_org_idx" ON "learner_consents" USING btree ("organization_id");--> statement-breakpoint
ALTER TABLE "learners" ADD CONSTRAINT "learners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "learners_user_key" ON "learners" USING btree ("user_id") WHERE "learners"."user_id" is not null;