-- Charities and donations (issue 42, D24): charity profiles with the operator's PBO check,
-- campaigns with pictures, donations paid through the checkout, s18A receipt numbers.
CREATE TABLE "charity_profiles" (
  "organization_id" uuid PRIMARY KEY NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
  "registered_name" text DEFAULT '' NOT NULL,
  "npo_number" text DEFAULT '' NOT NULL,
  "pbo_number" text DEFAULT '' NOT NULL,
  "s18a_approved" boolean DEFAULT false NOT NULL,
  "pbo_verified_at" timestamp with time zone,
  "pbo_verified_by" text,
  "street_address" text DEFAULT '' NOT NULL,
  "suburb" text DEFAULT '' NOT NULL,
  "town" text DEFAULT '' NOT NULL,
  "postal_code" text DEFAULT '' NOT NULL,
  "province" text DEFAULT '' NOT NULL,
  "thank_you_text" text DEFAULT '' NOT NULL,
  "next_receipt_number" integer DEFAULT 1 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
  "slug" text NOT NULL,
  "title" text NOT NULL,
  "summary" text DEFAULT '' NOT NULL,
  "story" text DEFAULT '' NOT NULL,
  "goal_cents" integer NOT NULL,
  "state" text DEFAULT 'draft' NOT NULL,
  "starts_on" date NOT NULL,
  "ends_on" date,
  "raised_cents" integer DEFAULT 0 NOT NULL,
  "donation_count" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "campaigns_state_check" CHECK ("state" in ('draft', 'active', 'ended')),
  CONSTRAINT "campaigns_goal_check" CHECK ("goal_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_slug_key" ON "campaigns" ("slug");
--> statement-breakpoint
CREATE INDEX "campaigns_organization_idx" ON "campaigns" ("organization_id");
--> statement-breakpoint
CREATE INDEX "campaigns_state_idx" ON "campaigns" ("state");
--> statement-breakpoint
CREATE TABLE "campaign_images" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "campaign_id" uuid NOT NULL REFERENCES "campaigns"("id") ON DELETE cascade,
  "storage_key" text NOT NULL,
  "thumb_key" text NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "alt" text DEFAULT '' NOT NULL,
  "position" integer DEFAULT 0 NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "campaign_images_campaign_idx" ON "campaign_images" ("campaign_id");
--> statement-breakpoint
CREATE TABLE "donations" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "campaign_id" uuid NOT NULL REFERENCES "campaigns"("id") ON DELETE cascade,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
  "donor_user_id" text REFERENCES "users"("id") ON DELETE set null,
  "payment_order_id" uuid REFERENCES "payment_orders"("id") ON DELETE set null,
  "amount_cents" integer NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "anonymous" boolean DEFAULT false NOT NULL,
  "donor_name" text NOT NULL,
  "donor_email" text NOT NULL,
  "donor_address" text DEFAULT '' NOT NULL,
  "donor_tax_number" text DEFAULT '' NOT NULL,
  "message" text DEFAULT '' NOT NULL,
  "receipt_number" text,
  "paid_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "donations_status_check" CHECK ("status" in ('pending', 'paid', 'failed')),
  CONSTRAINT "donations_amount_check" CHECK ("amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "donations_payment_order_key" ON "donations" ("payment_order_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "donations_receipt_number_key" ON "donations" ("organization_id", "receipt_number");
--> statement-breakpoint
CREATE INDEX "donations_campaign_idx" ON "donations" ("campaign_id", "status");
--> statement-breakpoint
CREATE INDEX "donations_donor_idx" ON "donations" ("donor_user_id");
