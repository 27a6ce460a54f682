CREATE TABLE IF NOT EXISTS "marketplace_shop_policies" (
	"organization_id" uuid PRIMARY KEY NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"offers_delivery" boolean DEFAULT true NOT NULL,
	"delivery_note" text DEFAULT '' NOT NULL,
	"offers_collection" boolean DEFAULT false NOT NULL,
	"collection_note" text DEFAULT '' NOT NULL,
	"returns_policy" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
