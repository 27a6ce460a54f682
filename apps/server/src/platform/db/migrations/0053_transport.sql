-- School transport (D25): vehicles with their roadworthy certificate, routes with ordered stops,
-- riders (one route per learner, a morning and an afternoon stop), and each day's morning and
-- afternoon trip with its boarding register and the register's audit trail. Guardians hear of a
-- rider not boarded through the notification centre: a new notification kind, 'transport'.
CREATE TABLE "transport_vehicles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"registration" text NOT NULL,
	"description" text NOT NULL DEFAULT '',
	"capacity" integer NOT NULL,
	"roadworthy_expires_on" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "transport_vehicles_capacity_check" CHECK ("capacity" between 1 and 120)
);--> statement-breakpoint
CREATE UNIQUE INDEX "transport_vehicles_org_registration_key" ON "transport_vehicles" ("organization_id", "registration");--> statement-breakpoint
CREATE TABLE "transport_routes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"vehicle_id" uuid REFERENCES "transport_vehicles"("id") ON DELETE SET NULL,
	"driver_user_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"fee_item_id" uuid REFERENCES "fee_items"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "transport_routes_org_idx" ON "transport_routes" ("organization_id");--> statement-breakpoint
CREATE INDEX "transport_routes_driver_idx" ON "transport_routes" ("driver_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transport_routes_org_name_key" ON "transport_routes" ("organization_id", lower("name"));--> statement-breakpoint
CREATE TABLE "transport_stops" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"route_id" uuid NOT NULL REFERENCES "transport_routes"("id") ON DELETE CASCADE,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"morning_time" text NOT NULL,
	"afternoon_time" text NOT NULL
);--> statement-breakpoint
CREATE INDEX "transport_stops_route_idx" ON "transport_stops" ("route_id", "position");--> statement-breakpoint
CREATE TABLE "transport_riders" (
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"learner_id" uuid PRIMARY KEY NOT NULL REFERENCES "learners"("id") ON DELETE CASCADE,
	"route_id" uuid NOT NULL REFERENCES "transport_routes"("id") ON DELETE CASCADE,
	"morning_stop_id" uuid NOT NULL REFERENCES "transport_stops"("id"),
	"afternoon_stop_id" uuid NOT NULL REFERENCES "transport_stops"("id"),
	"created_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "transport_riders_route_idx" ON "transport_riders" ("route_id");--> statement-breakpoint
CREATE TABLE "transport_trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"route_id" uuid NOT NULL REFERENCES "transport_routes"("id") ON DELETE CASCADE,
	"trip_date" date NOT NULL,
	"period" text NOT NULL,
	"status" text NOT NULL,
	"vehicle_id" uuid REFERENCES "transport_vehicles"("id") ON DELETE SET NULL,
	"driver_user_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"started_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"started_at" timestamp with time zone NOT NULL DEFAULT now(),
	"completed_at" timestamp with time zone,
	CONSTRAINT "transport_trips_period_check" CHECK ("period" in ('morning', 'afternoon')),
	CONSTRAINT "transport_trips_status_check" CHECK ("status" in ('in_progress', 'completed'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "transport_trips_route_day_key" ON "transport_trips" ("route_id", "trip_date", "period");--> statement-breakpoint
CREATE TABLE "transport_marks" (
	"trip_id" uuid NOT NULL REFERENCES "transport_trips"("id") ON DELETE CASCADE,
	"learner_id" uuid NOT NULL REFERENCES "learners"("id") ON DELETE CASCADE,
	"status" text NOT NULL,
	"marked_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"marked_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "transport_marks_trip_id_learner_id_pk" PRIMARY KEY ("trip_id", "learner_id"),
	CONSTRAINT "transport_marks_status_check" CHECK ("status" in ('boarded', 'not_boarded', 'dropped_off'))
);--> statement-breakpoint
CREATE TABLE "transport_mark_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL REFERENCES "transport_trips"("id") ON DELETE CASCADE,
	"learner_id" uuid NOT NULL REFERENCES "learners"("id") ON DELETE CASCADE,
	"status" text NOT NULL,
	"previous_status" text,
	"marked_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"marked_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE INDEX "transport_mark_events_trip_idx" ON "transport_mark_events" ("trip_id", "learner_id", "marked_at");--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_kind_check";--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_kind_check" CHECK ("kind" in ('absence', 'assignment', 'marks', 'invoice', 'payment', 'message', 'event', 'order', 'announcement', 'transport'));
