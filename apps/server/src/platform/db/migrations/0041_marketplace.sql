-- The marketplace (issue 40, D21): sellers' listings with categories, stock, variants and images,
-- typo-tolerant search, one order per seller of a basket payment, reviews and seller payouts.
DO $$ BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN others THEN
  RAISE NOTICE 'pg_trgm is not available: the catalogue search falls back to full-text and prefix matches';
END $$;
--> statement-breakpoint
ALTER TABLE "listings" DROP CONSTRAINT "listings_status_check";
--> statement-breakpoint
UPDATE "listings" SET "status" = 'published' WHERE "status" = 'active';
--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "status" SET DEFAULT 'published';
--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_status_check" CHECK ("status" in ('draft', 'published', 'archived'));
--> statement-breakpoint
ALTER TABLE "listings"
  ADD COLUMN "kind" text NOT NULL DEFAULT 'product',
  ADD COLUMN "category" text NOT NULL DEFAULT 'supplies',
  ADD COLUMN "subcategory" text NOT NULL DEFAULT '',
  ADD COLUMN "stock" integer,
  ADD COLUMN "rating_sum" integer NOT NULL DEFAULT 0,
  ADD COLUMN "rating_count" integer NOT NULL DEFAULT 0,
  ADD COLUMN "sold_count" integer NOT NULL DEFAULT 0,
  ADD COLUMN "unpublished_by_operator_at" timestamp with time zone,
  ADD COLUMN "unpublish_reason" text,
  ADD COLUMN "published_at" timestamp with time zone,
  ADD COLUMN "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  ADD COLUMN "search" tsvector GENERATED ALWAYS AS (
    setweight(to_tsvector('simple', coalesce("title", '')), 'A') ||
    setweight(to_tsvector('english', coalesce("subcategory", '')), 'B') ||
    setweight(to_tsvector('english', coalesce("description", '')), 'C')
  ) STORED;
--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_kind_check" CHECK ("kind" in ('product', 'service'));
--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_category_check" CHECK ("category" in ('supplies', 'resources', 'technology', 'services'));
--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_stock_check" CHECK ("stock" is null or "stock" >= 0);
--> statement-breakpoint
UPDATE "listings" SET "published_at" = "created_at" WHERE "status" = 'published';
--> statement-breakpoint
CREATE INDEX "listings_search_idx" ON "listings" USING gin ("search");
--> statement-breakpoint
CREATE INDEX "listings_catalogue_idx" ON "listings" ("category", "published_at" DESC) WHERE "status" = 'published';
--> statement-breakpoint
CREATE INDEX "listings_price_idx" ON "listings" ("price_cents") WHERE "status" = 'published';
--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX "listings_title_trgm_idx" ON "listings" USING gin ("title" gin_trgm_ops)';
  END IF;
END $$;
--> statement-breakpoint
CREATE TABLE "marketplace_sellers" (
  "organization_id" uuid PRIMARY KEY NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "partner_types" text[] NOT NULL DEFAULT '{}',
  "commission_tier" text NOT NULL DEFAULT 'free',
  "seller_type" text NOT NULL DEFAULT 'business',
  "province" text NOT NULL DEFAULT '',
  "town" text NOT NULL DEFAULT '',
  "tag_line" text NOT NULL DEFAULT '',
  "about" text NOT NULL DEFAULT '',
  "logo_key" text,
  "bank_account" jsonb,
  "bank_confirmed_at" timestamp with time zone,
  "payout_schedule" text NOT NULL DEFAULT 'weekly',
  "notify_orders" boolean NOT NULL DEFAULT true,
  "notify_reviews" boolean NOT NULL DEFAULT true,
  "rating_sum" integer NOT NULL DEFAULT 0,
  "rating_count" integer NOT NULL DEFAULT 0,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "marketplace_sellers_tier_check" CHECK ("commission_tier" in ('free', 'basic', 'standard', 'premium')),
  CONSTRAINT "marketplace_sellers_type_check" CHECK ("seller_type" in ('business', 'young_entrepreneur', 'charity')),
  CONSTRAINT "marketplace_sellers_schedule_check" CHECK ("payout_schedule" in ('weekly', 'immediate'))
);
--> statement-breakpoint
CREATE INDEX "marketplace_sellers_province_idx" ON "marketplace_sellers" ("province");
--> statement-breakpoint
CREATE TABLE "listing_variants" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "listing_id" uuid NOT NULL REFERENCES "listings"("id") ON DELETE CASCADE,
  "label" text NOT NULL,
  "stock" integer,
  "position" integer NOT NULL DEFAULT 0,
  CONSTRAINT "listing_variants_stock_check" CHECK ("stock" is null or "stock" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "listing_variants_label_key" ON "listing_variants" ("listing_id", lower("label"));
--> statement-breakpoint
CREATE TABLE "listing_images" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "listing_id" uuid NOT NULL REFERENCES "listings"("id") ON DELETE CASCADE,
  "storage_key" text NOT NULL,
  "thumb_key" text NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "alt" text NOT NULL DEFAULT '',
  "position" integer NOT NULL DEFAULT 0,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "listing_images_listing_idx" ON "listing_images" ("listing_id", "position");
--> statement-breakpoint
CREATE TABLE "listing_views" (
  "listing_id" uuid NOT NULL REFERENCES "listings"("id") ON DELETE CASCADE,
  "day" date NOT NULL,
  "views" integer NOT NULL DEFAULT 0,
  PRIMARY KEY ("listing_id", "day")
);
--> statement-breakpoint
CREATE TABLE "marketplace_payouts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE RESTRICT,
  "reference" text NOT NULL,
  "schedule" text NOT NULL,
  "amount_cents" integer NOT NULL,
  "fee_cents" integer NOT NULL,
  "order_count" integer NOT NULL,
  "bank_account" jsonb NOT NULL,
  "journal_id" uuid,
  "status" text NOT NULL DEFAULT 'processing',
  "due_by" date NOT NULL,
  "requested_by" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "paid_at" timestamp with time zone,
  CONSTRAINT "marketplace_payouts_schedule_check" CHECK ("schedule" in ('weekly', 'immediate')),
  CONSTRAINT "marketplace_payouts_status_check" CHECK ("status" in ('processing', 'paid'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_payouts_reference_key" ON "marketplace_payouts" ("reference");
--> statement-breakpoint
CREATE INDEX "marketplace_payouts_org_idx" ON "marketplace_payouts" ("organization_id", "created_at");
--> statement-breakpoint
CREATE TABLE "marketplace_orders" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "reference" text NOT NULL,
  "payment_order_id" uuid NOT NULL REFERENCES "payment_orders"("id") ON DELETE RESTRICT,
  "buyer_user_id" text REFERENCES "users"("id") ON DELETE SET NULL,
  "seller_organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE RESTRICT,
  "status" text NOT NULL DEFAULT 'pending_payment',
  "subtotal_cents" integer NOT NULL,
  "processing_fee_cents" integer NOT NULL,
  "commission_bps" integer NOT NULL,
  "commission_cents" integer NOT NULL,
  "payout_id" uuid REFERENCES "marketplace_payouts"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now(),
  "paid_at" timestamp with time zone,
  "completed_at" timestamp with time zone,
  CONSTRAINT "marketplace_orders_status_check" CHECK ("status" in ('pending_payment', 'paid', 'accepted', 'ready', 'shipped', 'completed', 'cancelled', 'abandoned')),
  CONSTRAINT "marketplace_orders_amounts_check" CHECK ("subtotal_cents" > 0 and "processing_fee_cents" >= 0 and "commission_cents" >= 0 and "commission_cents" <= "subtotal_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_orders_reference_key" ON "marketplace_orders" ("reference");
--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_orders_payment_seller_key" ON "marketplace_orders" ("payment_order_id", "seller_organization_id");
--> statement-breakpoint
CREATE INDEX "marketplace_orders_seller_idx" ON "marketplace_orders" ("seller_organization_id", "status", "created_at");
--> statement-breakpoint
CREATE INDEX "marketplace_orders_buyer_idx" ON "marketplace_orders" ("buyer_user_id", "created_at");
--> statement-breakpoint
CREATE TABLE "marketplace_order_lines" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "marketplace_orders"("id") ON DELETE CASCADE,
  "listing_id" uuid NOT NULL REFERENCES "listings"("id") ON DELETE RESTRICT,
  "variant_id" uuid REFERENCES "listing_variants"("id") ON DELETE SET NULL,
  "title" text NOT NULL,
  "variant_label" text NOT NULL DEFAULT '',
  "unit_price_cents" integer NOT NULL,
  "quantity" integer NOT NULL,
  "line_total_cents" integer NOT NULL,
  CONSTRAINT "marketplace_order_lines_quantity_check" CHECK ("quantity" > 0),
  CONSTRAINT "marketplace_order_lines_total_check" CHECK ("line_total_cents" = "unit_price_cents" * "quantity")
);
--> statement-breakpoint
CREATE INDEX "marketplace_order_lines_order_idx" ON "marketplace_order_lines" ("order_id");
--> statement-breakpoint
CREATE INDEX "marketplace_order_lines_listing_idx" ON "marketplace_order_lines" ("listing_id");
--> statement-breakpoint
CREATE TABLE "marketplace_order_events" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "marketplace_orders"("id") ON DELETE CASCADE,
  "status" text NOT NULL,
  "note" text NOT NULL DEFAULT '',
  "actor_user_id" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "marketplace_order_events_order_idx" ON "marketplace_order_events" ("order_id", "created_at");
--> statement-breakpoint
CREATE TABLE "marketplace_reviews" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "marketplace_orders"("id") ON DELETE CASCADE,
  "seller_organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "buyer_user_id" text REFERENCES "users"("id") ON DELETE SET NULL,
  "buyer_name" text NOT NULL,
  "rating" integer NOT NULL,
  "body" text NOT NULL,
  "reply" text,
  "replied_at" timestamp with time zone,
  "removed_at" timestamp with time zone,
  "removed_by" text,
  "removal_reason" text,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT "marketplace_reviews_rating_check" CHECK ("rating" between 1 and 5)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "marketplace_reviews_order_key" ON "marketplace_reviews" ("order_id");
--> statement-breakpoint
CREATE INDEX "marketplace_reviews_seller_idx" ON "marketplace_reviews" ("seller_organization_id", "created_at");
