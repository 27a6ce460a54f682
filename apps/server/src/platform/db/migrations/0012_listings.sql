CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_status_check" CHECK ("listings"."status" in ('active', 'archived')),
	CONSTRAINT "listings_price_check" CHECK ("listings"."price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listings_status_created_idx" ON "listings" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "listings_organization_idx" ON "listings" USING btree ("organization_id");--> statement-breakpoint
-- Basket checkout (issue 5): one order per buyer and Idempotency-Key, also under concurrent retries.
CREATE UNIQUE INDEX "payment_orders_basket_idempotency_key" ON "payment_orders" USING btree ("buyer_user_id", ("metadata" -> 'context' ->> 'idempotencyKey')) WHERE "kind" = 'basket' AND ("metadata" -> 'context' ->> 'idempotencyKey') IS NOT NULL;
