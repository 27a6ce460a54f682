-- Bookings (issue 42, D22): providers' services, weekly availability and exceptions, group
-- sessions and bookings. Double booking is refused by the database: an exclusion constraint over
-- the provider's time for active one-to-one bookings (btree_gist), and seat numbers unique per
-- group session and never above its limit.
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE TABLE "booking_providers" (
  "organization_id" uuid PRIMARY KEY NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
  "open_on_public_holidays" boolean DEFAULT false NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "booking_services" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
  "title" text NOT NULL,
  "description" text DEFAULT '' NOT NULL,
  "category" text DEFAULT 'tutoring' NOT NULL,
  "kind" text DEFAULT 'one_to_one' NOT NULL,
  "online" boolean DEFAULT false NOT NULL,
  "meeting_url" text,
  "location" text DEFAULT '' NOT NULL,
  "duration_minutes" integer NOT NULL,
  "price_cents" integer NOT NULL,
  "seat_limit" integer,
  "notice_hours" integer DEFAULT 24 NOT NULL,
  "status" text DEFAULT 'published' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "booking_services_kind_check" CHECK ("kind" in ('one_to_one', 'group')),
  CONSTRAINT "booking_services_status_check" CHECK ("status" in ('draft', 'published', 'archived')),
  CONSTRAINT "booking_services_duration_check" CHECK ("duration_minutes" between 15 and 480),
  CONSTRAINT "booking_services_price_check" CHECK ("price_cents" > 0),
  CONSTRAINT "booking_services_seats_check" CHECK (("kind" = 'group') = ("seat_limit" is not null) and ("seat_limit" is null or "seat_limit" between 1 and 500)),
  CONSTRAINT "booking_services_notice_check" CHECK ("notice_hours" between 0 and 336)
);
--> statement-breakpoint
CREATE INDEX "booking_services_org_idx" ON "booking_services" ("organization_id", "status");
--> statement-breakpoint
CREATE TABLE "booking_availability" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
  "weekday" integer NOT NULL,
  "start_minute" integer NOT NULL,
  "end_minute" integer NOT NULL,
  CONSTRAINT "booking_availability_weekday_check" CHECK ("weekday" between 0 and 6),
  CONSTRAINT "booking_availability_minutes_check" CHECK ("start_minute" >= 0 and "end_minute" <= 1440 and "start_minute" < "end_minute")
);
--> statement-breakpoint
CREATE INDEX "booking_availability_org_idx" ON "booking_availability" ("organization_id", "weekday");
--> statement-breakpoint
CREATE TABLE "booking_exceptions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
  "date" date NOT NULL,
  "kind" text NOT NULL,
  "start_minute" integer,
  "end_minute" integer,
  "note" text DEFAULT '' NOT NULL,
  CONSTRAINT "booking_exceptions_kind_check" CHECK ("kind" in ('day_off', 'extra')),
  CONSTRAINT "booking_exceptions_minutes_check" CHECK (("kind" = 'day_off' and "start_minute" is null and "end_minute" is null) or ("kind" = 'extra' and "start_minute" >= 0 and "end_minute" <= 1440 and "start_minute" < "end_minute"))
);
--> statement-breakpoint
CREATE INDEX "booking_exceptions_org_idx" ON "booking_exceptions" ("organization_id", "date");
--> statement-breakpoint
CREATE TABLE "booking_sessions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "service_id" uuid NOT NULL REFERENCES "booking_services"("id") ON DELETE cascade,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  "seat_limit" integer NOT NULL,
  "status" text DEFAULT 'scheduled' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "booking_sessions_status_check" CHECK ("status" in ('scheduled', 'cancelled')),
  CONSTRAINT "booking_sessions_time_check" CHECK ("starts_at" < "ends_at"),
  CONSTRAINT "booking_sessions_seats_check" CHECK ("seat_limit" between 1 and 500),
  -- A provider runs one group session at a time.
  CONSTRAINT "booking_sessions_no_overlap" EXCLUDE USING gist (
    "organization_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&
  ) WHERE ("status" = 'scheduled')
);
--> statement-breakpoint
CREATE INDEX "booking_sessions_service_idx" ON "booking_sessions" ("service_id", "starts_at");
--> statement-breakpoint
CREATE TABLE "bookings" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "reference" text NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE restrict,
  "service_id" uuid NOT NULL REFERENCES "booking_services"("id") ON DELETE restrict,
  "session_id" uuid REFERENCES "booking_sessions"("id") ON DELETE restrict,
  "customer_user_id" text REFERENCES "users"("id") ON DELETE set null,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  "status" text DEFAULT 'held' NOT NULL,
  "seat_number" integer,
  "seat_limit" integer,
  "hold_expires_at" timestamp with time zone,
  "payment_order_id" uuid REFERENCES "payment_orders"("id") ON DELETE restrict,
  "price_cents" integer NOT NULL,
  "commission_bps" integer NOT NULL,
  "commission_cents" integer NOT NULL,
  "paid_at" timestamp with time zone,
  "cancelled_at" timestamp with time zone,
  "cancelled_by" text,
  "cancel_reason" text DEFAULT '' NOT NULL,
  "refunded_cents" integer DEFAULT 0 NOT NULL,
  "reminder_sent_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "bookings_status_check" CHECK ("status" in ('held', 'confirmed', 'cancelled', 'expired')),
  CONSTRAINT "bookings_time_check" CHECK ("starts_at" < "ends_at"),
  CONSTRAINT "bookings_seat_check" CHECK (("session_id" is null and "seat_number" is null) or ("session_id" is not null and "seat_number" between 1 and "seat_limit")),
  -- No double booking: a provider's active one-to-one bookings never overlap.
  CONSTRAINT "bookings_no_double_booking" EXCLUDE USING gist (
    "organization_id" WITH =, tstzrange("starts_at", "ends_at") WITH &&
  ) WHERE ("session_id" IS NULL AND "status" IN ('held', 'confirmed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_reference_key" ON "bookings" ("reference");
--> statement-breakpoint
CREATE INDEX "bookings_org_time_idx" ON "bookings" ("organization_id", "starts_at");
--> statement-breakpoint
CREATE INDEX "bookings_customer_idx" ON "bookings" ("customer_user_id", "starts_at");
--> statement-breakpoint
CREATE INDEX "bookings_payment_order_idx" ON "bookings" ("payment_order_id");
--> statement-breakpoint
CREATE INDEX "bookings_hold_idx" ON "bookings" ("hold_expires_at") WHERE "status" = 'held';
--> statement-breakpoint
CREATE UNIQUE INDEX "bookings_session_seat_key" ON "bookings" ("session_id", "seat_number") WHERE "status" in ('held', 'confirmed');
