-- Extramural activities (D25): activities with a coach, schedule, grades, capacity and an optional
-- fee item; members and the waiting list (ordered by seq); the sessions held or cancelled and their
-- attendance.
CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL DEFAULT '',
	"coach_user_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"schedule" jsonb NOT NULL,
	"venue" text NOT NULL DEFAULT '',
	"grades" smallint[] NOT NULL,
	"capacity" integer NOT NULL,
	"sign_up_open" boolean NOT NULL DEFAULT true,
	"fee_item_id" uuid REFERENCES "fee_items"("id") ON DELETE SET NULL,
	"active" boolean NOT NULL DEFAULT true,
	"created_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "activities_capacity_check" CHECK ("capacity" > 0),
	CONSTRAINT "activities_category_check" CHECK ("category" IN ('sport', 'culture', 'club'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "activities_org_name_key" ON "activities" ("organization_id", lower("name"));--> statement-breakpoint
CREATE INDEX "activities_coach_idx" ON "activities" ("coach_user_id");--> statement-breakpoint
CREATE TABLE "activity_members" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"activity_id" uuid NOT NULL REFERENCES "activities"("id") ON DELETE CASCADE,
	"learner_id" uuid NOT NULL REFERENCES "learners"("id") ON DELETE CASCADE,
	"status" text NOT NULL,
	"signed_up_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"joined_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "activity_members_status_check" CHECK ("status" IN ('member', 'waiting', 'withdrawn'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "activity_members_current_key" ON "activity_members" ("activity_id", "learner_id") WHERE "status" IN ('member', 'waiting');--> statement-breakpoint
CREATE INDEX "activity_members_activity_idx" ON "activity_members" ("activity_id", "status", "seq");--> statement-breakpoint
CREATE INDEX "activity_members_learner_idx" ON "activity_members" ("learner_id");--> statement-breakpoint
CREATE TABLE "activity_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"activity_id" uuid NOT NULL REFERENCES "activities"("id") ON DELETE CASCADE,
	"date" date NOT NULL,
	"starts" text NOT NULL,
	"ends" text NOT NULL,
	"status" text NOT NULL,
	"cancel_reason" text,
	"cancelled_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "activity_sessions_status_check" CHECK ("status" IN ('held', 'cancelled'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "activity_sessions_activity_date_key" ON "activity_sessions" ("activity_id", "date");--> statement-breakpoint
CREATE TABLE "activity_attendance" (
	"session_id" uuid NOT NULL REFERENCES "activity_sessions"("id") ON DELETE CASCADE,
	"learner_id" uuid NOT NULL REFERENCES "learners"("id") ON DELETE CASCADE,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"mark" text NOT NULL,
	"marked_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"marked_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "activity_attendance_pkey" PRIMARY KEY ("session_id", "learner_id"),
	CONSTRAINT "activity_attendance_mark_check" CHECK ("mark" IN ('present', 'absent', 'excused'))
);--> statement-breakpoint
CREATE INDEX "activity_attendance_learner_idx" ON "activity_attendance" ("learner_id");
