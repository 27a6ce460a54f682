-- Monthly giving: a donor's monthly gift to a campaign, each month's charge a donation of its own
-- (unique charge key); and the logo of a business partner's or charity's public profile.
CREATE TABLE "monthly_gifts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "campaign_id" uuid NOT NULL REFERENCES "campaigns"("id") ON DELETE cascade,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
  "donor_user_id" text REFERENCES "users"("id") ON DELETE set null,
  "setup_order_id" uuid NOT NULL REFERENCES "payment_orders"("id"),
  "amount_cents" integer NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "provider" text NOT NULL,
  "provider_token" text,
  "anonymous" boolean DEFAULT false NOT NULL,
  "donor_name" text NOT NULL,
  "donor_email" text NOT NULL,
  "donor_address" text DEFAULT '' NOT NULL,
  "donor_tax_number" text DEFAULT '' NOT NULL,
  "message" text DEFAULT '' NOT NULL,
  "next_charge_on" date,
  "failed_attempts" integer DEFAULT 0 NOT NULL,
  "last_failed_on" date,
  "cancelled_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "monthly_gifts_status_check" CHECK ("status" in ('pending', 'active', 'cancelled', 'failed')),
  CONSTRAINT "monthly_gifts_amount_check" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "monthly_gifts_setup_order_key" ON "monthly_gifts" ("setup_order_id");
--> statement-breakpoint
CREATE INDEX "monthly_gifts_due_idx" ON "monthly_gifts" ("status", "next_charge_on");
--> statement-breakpoint
CREATE INDEX "monthly_gifts_donor_idx" ON "monthly_gifts" ("donor_user_id");
--> statement-breakpoint
CREATE INDEX "monthly_gifts_organization_idx" ON "monthly_gifts" ("organization_id", "status");
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "monthly_gift_id" uuid REFERENCES "monthly_gifts"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "donations" ADD COLUMN "charge_key" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "donations_charge_key" ON "donations" ("charge_key");
--> statement-breakpoint
CREATE INDEX "donations_monthly_gift_idx" ON "donations" ("monthly_gift_id");
--> statement-breakpoint
ALTER TABLE "directory_profiles" ADD COLUMN "logo_upload_id" uuid REFERENCES "uploads"("id") ON DELETE set null;
