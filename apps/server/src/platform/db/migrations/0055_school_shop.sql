-- The school shop (D25): products, their variants (sizes, grade packs), stock movements (the stock
-- is their sum) and parents' orders for one learner. A one-off charge on a family account (an
-- order put on account) is an invoice line without a fee item: it carries a unique source reference
-- instead, so a retried charge bills once, as the (learner, item, instalment) key does for the
-- invoice run's lines.
ALTER TABLE "fee_invoice_lines" ALTER COLUMN "item_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fee_invoice_lines" ADD COLUMN "source_ref" text;--> statement-breakpoint
ALTER TABLE "fee_invoice_lines" ADD CONSTRAINT "fee_invoice_lines_source_check" CHECK ("item_id" IS NOT NULL OR "source_ref" IS NOT NULL);--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoice_lines_source_ref_key" ON "fee_invoice_lines" ("organization_id", "source_ref") WHERE "source_ref" IS NOT NULL;--> statement-breakpoint
CREATE TABLE "school_shop_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"description" text NOT NULL DEFAULT '',
	"grade" smallint,
	"active" boolean NOT NULL DEFAULT true,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "school_shop_products_category_check" CHECK ("category" IN ('uniform', 'sportswear', 'stationery', 'other')),
	CONSTRAINT "school_shop_products_grade_check" CHECK ("grade" BETWEEN 0 AND 12)
);--> statement-breakpoint
CREATE UNIQUE INDEX "school_shop_products_org_name_key" ON "school_shop_products" ("organization_id", lower("name"));--> statement-breakpoint
CREATE TABLE "school_shop_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"product_id" uuid NOT NULL REFERENCES "school_shop_products"("id") ON DELETE CASCADE,
	"label" text NOT NULL,
	"position" integer NOT NULL DEFAULT 0,
	"price_cents" integer NOT NULL,
	"low_stock_threshold" integer NOT NULL DEFAULT 5,
	"active" boolean NOT NULL DEFAULT true,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "school_shop_variants_price_check" CHECK ("price_cents" > 0),
	CONSTRAINT "school_shop_variants_threshold_check" CHECK ("low_stock_threshold" >= 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "school_shop_variants_product_label_key" ON "school_shop_variants" ("product_id", lower("label"));--> statement-breakpoint
CREATE INDEX "school_shop_variants_org_idx" ON "school_shop_variants" ("organization_id");--> statement-breakpoint
CREATE TABLE "school_shop_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"learner_id" uuid NOT NULL REFERENCES "learners"("id") ON DELETE CASCADE,
	"guardian_id" uuid NOT NULL REFERENCES "guardians"("id") ON DELETE CASCADE,
	"ordered_by_user_id" text REFERENCES "users"("id") ON DELETE SET NULL,
	"payment" text NOT NULL,
	"status" text NOT NULL,
	"total_cents" integer NOT NULL,
	"hold_expires_at" timestamp with time zone,
	"payment_order_id" uuid REFERENCES "payment_orders"("id") ON DELETE SET NULL,
	"payment_reference" text,
	"invoice_id" uuid REFERENCES "fee_invoices"("id"),
	"paid_at" timestamp with time zone,
	"packed_at" timestamp with time zone,
	"ready_at" timestamp with time zone,
	"collected_at" timestamp with time zone,
	"collected_by" text,
	"handed_over_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"refunded_cents" integer NOT NULL DEFAULT 0,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "school_shop_orders_payment_check" CHECK ("payment" IN ('online', 'account')),
	CONSTRAINT "school_shop_orders_status_check" CHECK ("status" IN ('awaiting_payment', 'paid', 'on_account', 'packing', 'ready', 'collected', 'cancelled', 'expired')),
	CONSTRAINT "school_shop_orders_total_check" CHECK ("total_cents" > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "school_shop_orders_reference_key" ON "school_shop_orders" ("reference");--> statement-breakpoint
CREATE INDEX "school_shop_orders_org_status_idx" ON "school_shop_orders" ("organization_id", "status", "created_at");--> statement-breakpoint
CREATE INDEX "school_shop_orders_guardian_idx" ON "school_shop_orders" ("guardian_id", "created_at");--> statement-breakpoint
CREATE TABLE "school_shop_order_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"order_id" uuid NOT NULL REFERENCES "school_shop_orders"("id") ON DELETE CASCADE,
	"variant_id" uuid NOT NULL REFERENCES "school_shop_variants"("id"),
	"product_name" text NOT NULL,
	"variant_label" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	CONSTRAINT "school_shop_order_lines_quantity_check" CHECK ("quantity" > 0)
);--> statement-breakpoint
CREATE INDEX "school_shop_order_lines_order_idx" ON "school_shop_order_lines" ("order_id");--> statement-breakpoint
CREATE TABLE "school_shop_stock_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"variant_id" uuid NOT NULL REFERENCES "school_shop_variants"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL DEFAULT '',
	"order_id" uuid REFERENCES "school_shop_orders"("id") ON DELETE SET NULL,
	"created_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "school_shop_stock_movements_kind_check" CHECK ("kind" IN ('received', 'sold', 'returned', 'adjusted')),
	CONSTRAINT "school_shop_stock_movements_sign_check" CHECK (("kind" IN ('received', 'returned') AND "quantity" > 0) OR ("kind" = 'sold' AND "quantity" < 0) OR ("kind" = 'adjusted' AND "quantity" <> 0))
);--> statement-breakpoint
CREATE INDEX "school_shop_stock_movements_variant_idx" ON "school_shop_stock_movements" ("variant_id", "created_at");
