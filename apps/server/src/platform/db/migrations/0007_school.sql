CREATE TABLE "guardians" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone" text DEFAULT '' NOT NULL,
	"user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learner_guardians" (
	"organization_id" uuid NOT NULL,
	"learner_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"relation" text NOT NULL,
	"pays_fees" boolean DEFAULT false NOT NULL,
	"receives_communications" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learner_guardians_learner_id_guardian_id_pk" PRIMARY KEY("learner_id","guardian_id"),
	CONSTRAINT "learner_guardians_relation_check" CHECK ("learner_guardians"."relation" in ('parent', 'guardian', 'grandparent', 'other'))
);
--> statement-breakpoint
CREATE TABLE "learners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"preferred_name" text DEFAULT '' NOT NULL,
	"date_of_birth" date NOT NULL,
	"gender" text NOT NULL,
	"grade" smallint NOT NULL,
	"register_class_id" uuid,
	"admission_number" text NOT NULL,
	"id_type" text DEFAULT 'none' NOT NULL,
	"id_number" text,
	"home_language" text,
	"medical_notes" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"archived_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "learners_grade_check" CHECK ("learners"."grade" between 0 and 12),
	CONSTRAINT "learners_id_type_check" CHECK ("learners"."id_type" in ('sa_id', 'passport', 'none'))
);
--> statement-breakpoint
CREATE TABLE "register_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"grade" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "register_classes_grade_check" CHECK ("register_classes"."grade" between 0 and 12)
);
--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guardians" ADD CONSTRAINT "guardians_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_guardians" ADD CONSTRAINT "learner_guardians_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_guardians" ADD CONSTRAINT "learner_guardians_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_guardians" ADD CONSTRAINT "learner_guardians_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learners" ADD CONSTRAINT "learners_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learners" ADD CONSTRAINT "learners_register_class_id_register_classes_id_fk" FOREIGN KEY ("register_class_id") REFERENCES "public"."register_classes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learners" ADD CONSTRAINT "learners_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "register_classes" ADD CONSTRAINT "register_classes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "guardians_org_email_key" ON "guardians" USING btree ("organization_id","email") WHERE "guardians"."email" is not null;--> statement-breakpoint
CREATE INDEX "guardians_org_name_idx" ON "guardians" USING btree ("organization_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "guardians_user_idx" ON "guardians" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "learner_guardians_guardian_idx" ON "learner_guardians" USING btree ("guardian_id");--> statement-breakpoint
CREATE UNIQUE INDEX "learners_org_admission_key" ON "learners" USING btree ("organization_id","admission_number");--> statement-breakpoint
CREATE INDEX "learners_org_name_idx" ON "learners" USING btree ("organization_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "learners_org_grade_name_idx" ON "learners" USING btree ("organization_id","grade","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "learners_org_last_name_prefix_idx" ON "learners" USING btree ("organization_id",lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "learners_org_first_name_prefix_idx" ON "learners" USING btree ("organization_id",lower("first_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "learners_org_preferred_name_prefix_idx" ON "learners" USING btree ("organization_id",lower("preferred_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "learners_org_admission_prefix_idx" ON "learners" USING btree ("organization_id","admission_number" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "learners_class_idx" ON "learners" USING btree ("register_class_id");--> statement-breakpoint
CREATE UNIQUE INDEX "register_classes_org_name_key" ON "register_classes" USING btree ("organization_id",lower("name"));