CREATE TABLE "basket_items" (
	"user_id" text NOT NULL,
	"item_id" text NOT NULL,
	"name" text NOT NULL,
	"price_cents" integer NOT NULL,
	"quantity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "basket_items_user_id_item_id_pk" PRIMARY KEY("user_id","item_id"),
	CONSTRAINT "basket_items_quantity_check" CHECK ("basket_items"."quantity" between 1 and 999),
	CONSTRAINT "basket_items_price_check" CHECK ("basket_items"."price_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "basket_items" ADD CONSTRAINT "basket_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;