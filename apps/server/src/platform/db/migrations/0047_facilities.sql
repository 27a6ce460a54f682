-- Facility rentals (D22): a school's facilities, their blocked dates and their bookings. Double
-- booking is refused here: an exclusion constraint over the facility and the booked time range for
-- every active booking (btree_gist gives the equality on facility_id inside a GiST index).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "facilities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL DEFAULT '',
	"capacity" integer,
	"hourly_rate_cents" integer,
	"daily_rate_cents" integer,
	"rules" text NOT NULL DEFAULT '',
	"requires_approval" boolean NOT NULL DEFAULT false,
	"cancellation_notice_hours" integer NOT NULL DEFAULT 48,
	"opening_hours" jsonb NOT NULL,
	"room_id" uuid REFERENCES "timetable_rooms"("id") ON DELETE SET NULL,
	"active" boolean NOT NULL DEFAULT true,
	"created_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "facilities_rate_check" CHECK ("hourly_rate_cents" IS NOT NULL OR "daily_rate_cents" IS NOT NULL),
	CONSTRAINT "facilities_hourly_rate_check" CHECK ("hourly_rate_cents" > 0),
	CONSTRAINT "facilities_daily_rate_check" CHECK ("daily_rate_cents" > 0),
	CONSTRAINT "facilities_capacity_check" CHECK ("capacity" > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "facilities_org_name_key" ON "facilities" ("organization_id", lower("name"));--> statement-breakpoint
CREATE TABLE "facility_blocked_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"facility_id" uuid NOT NULL REFERENCES "facilities"("id") ON DELETE CASCADE,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"reason" text NOT NULL DEFAULT '',
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "facility_blocked_dates_check" CHECK ("ends_on" >= "starts_on")
);--> statement-breakpoint
CREATE INDEX "facility_blocked_dates_facility_idx" ON "facility_blocked_dates" ("facility_id", "starts_on");--> statement-breakpoint
CREATE TABLE "facility_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"facility_id" uuid NOT NULL REFERENCES "facilities"("id") ON DELETE CASCADE,
	"booker_user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"unit" text NOT NULL,
	"price_cents" integer NOT NULL,
	"status" text NOT NULL,
	"purpose" text NOT NULL DEFAULT '',
	"attendees" integer,
	"rules_accepted_at" timestamp with time zone NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"decline_reason" text,
	"decided_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"decided_at" timestamp with time zone,
	"payment_order_id" uuid REFERENCES "payment_orders"("id") ON DELETE SET NULL,
	"payment_reference" text,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"refunded_cents" integer NOT NULL DEFAULT 0,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "facility_bookings_range_check" CHECK ("ends_at" > "starts_at"),
	CONSTRAINT "facility_bookings_unit_check" CHECK ("unit" IN ('hour', 'day')),
	CONSTRAINT "facility_bookings_status_check" CHECK ("status" IN ('pending_approval', 'awaiting_payment', 'paid', 'declined', 'cancelled', 'expired')),
	CONSTRAINT "facility_bookings_no_overlap" EXCLUDE USING gist (
		"facility_id" WITH =,
		tstzrange("starts_at", "ends_at", '[)') WITH &&
	) WHERE ("status" IN ('pending_approval', 'awaiting_payment', 'paid'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "facility_bookings_reference_key" ON "facility_bookings" ("reference");--> statement-breakpoint
CREATE INDEX "facility_bookings_org_start_idx" ON "facility_bookings" ("organization_id", "starts_at");--> statement-breakpoint
CREATE INDEX "facility_bookings_booker_idx" ON "facility_bookings" ("booker_user_id", "starts_at");
