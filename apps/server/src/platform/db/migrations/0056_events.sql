-- School events and tickets (D25): events with their audience and capacity, ticket types (free or
-- paid, each with an optional limit), ticket orders (a purchase, paid through the checkout) and
-- tickets (a signed QR code each, checked in at the door).
CREATE TABLE "events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"title" text NOT NULL,
	"description" text NOT NULL DEFAULT '',
	"place" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"audience" text NOT NULL,
	"grades" jsonb NOT NULL DEFAULT '[]'::jsonb,
	"status" text NOT NULL DEFAULT 'draft',
	"cancelled_at" timestamp with time zone,
	"created_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "events_capacity_check" CHECK ("capacity" > 0),
	CONSTRAINT "events_ends_check" CHECK ("ends_at" > "starts_at"),
	CONSTRAINT "events_audience_check" CHECK ("audience" in ('school', 'grades', 'public')),
	CONSTRAINT "events_status_check" CHECK ("status" in ('draft', 'published', 'cancelled'))
);--> statement-breakpoint
CREATE INDEX "events_org_starts_idx" ON "events" ("organization_id", "starts_at");--> statement-breakpoint
CREATE TABLE "event_ticket_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"event_id" uuid NOT NULL REFERENCES "events"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"ticket_limit" integer,
	"sort_order" integer NOT NULL DEFAULT 0,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "event_ticket_types_price_check" CHECK ("price_cents" >= 0),
	CONSTRAINT "event_ticket_types_limit_check" CHECK ("ticket_limit" > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "event_ticket_types_event_name_key" ON "event_ticket_types" ("event_id", lower("name"));--> statement-breakpoint
CREATE TABLE "event_ticket_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"event_id" uuid NOT NULL REFERENCES "events"("id") ON DELETE CASCADE,
	"buyer_user_id" text NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"reference" text NOT NULL,
	"status" text NOT NULL,
	"total_cents" integer NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"payment_order_id" uuid REFERENCES "payment_orders"("id") ON DELETE SET NULL,
	"payment_reference" text,
	"refunded_cents" integer NOT NULL DEFAULT 0,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE UNIQUE INDEX "event_ticket_orders_reference_key" ON "event_ticket_orders" ("reference");--> statement-breakpoint
CREATE INDEX "event_ticket_orders_buyer_idx" ON "event_ticket_orders" ("buyer_user_id");--> statement-breakpoint
CREATE INDEX "event_ticket_orders_event_idx" ON "event_ticket_orders" ("event_id");--> statement-breakpoint
CREATE TABLE "event_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"event_id" uuid NOT NULL REFERENCES "events"("id") ON DELETE CASCADE,
	"order_id" uuid NOT NULL REFERENCES "event_ticket_orders"("id") ON DELETE CASCADE,
	"ticket_type_id" uuid NOT NULL REFERENCES "event_ticket_types"("id") ON DELETE RESTRICT,
	"code" text NOT NULL,
	"holder_name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"status" text NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"checked_in_at" timestamp with time zone,
	"checked_in_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"checked_in_device" text,
	"check_in_scan_id" text,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "event_tickets_status_check" CHECK ("status" in ('held', 'valid', 'released', 'cancelled'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "event_tickets_code_key" ON "event_tickets" ("code");--> statement-breakpoint
CREATE INDEX "event_tickets_event_status_idx" ON "event_tickets" ("event_id", "status");--> statement-breakpoint
CREATE INDEX "event_tickets_order_idx" ON "event_tickets" ("order_id");
