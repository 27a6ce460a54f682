CREATE TABLE "school_terms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"term" smallint NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	CONSTRAINT "school_terms_term_check" CHECK ("school_terms"."term" between 1 and 4),
	CONSTRAINT "school_terms_dates_check" CHECK ("school_terms"."ends_on" > "school_terms"."starts_on")
);
--> statement-breakpoint
CREATE TABLE "subject_classes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"subject" text NOT NULL,
	"teacher_user_id" text NOT NULL,
	"register_class_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "timetable_lessons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"subject_class_id" uuid NOT NULL,
	"day" smallint NOT NULL,
	"period_id" uuid NOT NULL,
	"room_id" uuid,
	"teacher_user_id" text NOT NULL,
	"register_class_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_lessons_day_check" CHECK ("timetable_lessons"."day" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "timetable_periods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"starts_at" text NOT NULL,
	"ends_at" text NOT NULL,
	"is_break" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timetable_periods_times_check" CHECK ("timetable_periods"."ends_at" > "timetable_periods"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "timetable_rooms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "school_terms" ADD CONSTRAINT "school_terms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_classes" ADD CONSTRAINT "subject_classes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_classes" ADD CONSTRAINT "subject_classes_teacher_user_id_users_id_fk" FOREIGN KEY ("teacher_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subject_classes" ADD CONSTRAINT "subject_classes_register_class_id_register_classes_id_fk" FOREIGN KEY ("register_class_id") REFERENCES "public"."register_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_lessons" ADD CONSTRAINT "timetable_lessons_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_lessons" ADD CONSTRAINT "timetable_lessons_subject_class_id_subject_classes_id_fk" FOREIGN KEY ("subject_class_id") REFERENCES "public"."subject_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_lessons" ADD CONSTRAINT "timetable_lessons_period_id_timetable_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."timetable_periods"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_lessons" ADD CONSTRAINT "timetable_lessons_room_id_timetable_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."timetable_rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_lessons" ADD CONSTRAINT "timetable_lessons_teacher_user_id_users_id_fk" FOREIGN KEY ("teacher_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_lessons" ADD CONSTRAINT "timetable_lessons_register_class_id_register_classes_id_fk" FOREIGN KEY ("register_class_id") REFERENCES "public"."register_classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_periods" ADD CONSTRAINT "timetable_periods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timetable_rooms" ADD CONSTRAINT "timetable_rooms_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "school_terms_org_year_term_key" ON "school_terms" USING btree ("organization_id","year","term");--> statement-breakpoint
CREATE UNIQUE INDEX "subject_classes_org_class_subject_key" ON "subject_classes" USING btree ("organization_id","register_class_id","subject");--> statement-breakpoint
CREATE INDEX "subject_classes_teacher_idx" ON "subject_classes" USING btree ("teacher_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_lessons_teacher_slot_key" ON "timetable_lessons" USING btree ("organization_id","day","period_id","teacher_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_lessons_room_slot_key" ON "timetable_lessons" USING btree ("organization_id","day","period_id","room_id") WHERE "timetable_lessons"."room_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_lessons_class_slot_key" ON "timetable_lessons" USING btree ("organization_id","day","period_id","register_class_id");--> statement-breakpoint
CREATE INDEX "timetable_lessons_subject_class_idx" ON "timetable_lessons" USING btree ("subject_class_id");--> statement-breakpoint
CREATE INDEX "timetable_lessons_teacher_idx" ON "timetable_lessons" USING btree ("teacher_user_id");--> statement-breakpoint
CREATE INDEX "timetable_lessons_class_idx" ON "timetable_lessons" USING btree ("register_class_id");--> statement-breakpoint
CREATE INDEX "timetable_lessons_room_idx" ON "timetable_lessons" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_periods_org_name_key" ON "timetable_periods" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "timetable_periods_org_start_idx" ON "timetable_periods" USING btree ("organization_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "timetable_rooms_org_name_key" ON "timetable_rooms" USING btree ("organization_id",lower("name"));