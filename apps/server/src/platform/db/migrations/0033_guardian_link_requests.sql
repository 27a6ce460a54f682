CREATE TABLE "guardian_link_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"learner_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"invited_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "guardian_link_requests_status_check" CHECK ("guardian_link_requests"."status" in ('pending', 'accepted', 'declined', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "guardian_link_requests" ADD CONSTRAINT "guardian_link_requests_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_link_requests" ADD CONSTRAINT "guardian_link_requests_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_link_requests" ADD CONSTRAINT "guardian_link_requests_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_link_requests" ADD CONSTRAINT "guardian_link_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardian_link_requests" ADD CONSTRAINT "guardian_link_requests_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guardian_link_requests_token_key" ON "guardian_link_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "guardian_link_requests_pending_key" ON "guardian_link_requests" USING btree ("guardian_id") WHERE "guardian_link_requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "guardian_link_requests_org_guardian_idx" ON "guardian_link_requests" USING btree ("organization_id","guardian_id","created_at");