CREATE TABLE "entrepreneur_shops" (
	"organization_id" uuid PRIMARY KEY NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text DEFAULT '' NOT NULL,
	"guardian_name" text NOT NULL,
	"guardian_email" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"approved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "entrepreneur_shops_status_check" CHECK ("status" in ('pending', 'approved', 'declined'))
);
--> statement-breakpoint
CREATE INDEX "entrepreneur_shops_guardian_idx" ON "entrepreneur_shops" USING btree ("guardian_email");
--> statement-breakpoint
CREATE TABLE "entrepreneur_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
	"subject" text NOT NULL,
	"listing_id" uuid REFERENCES "listings"("id") ON DELETE cascade,
	"status" text DEFAULT 'pending' NOT NULL,
	"token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"requested_by_user_id" text REFERENCES "users"("id") ON DELETE set null,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by_user_id" text REFERENCES "users"("id") ON DELETE set null,
	"decided_via" text,
	"reason" text,
	CONSTRAINT "entrepreneur_approvals_subject_check" CHECK ("subject" in ('shop', 'listing')),
	CONSTRAINT "entrepreneur_approvals_status_check" CHECK ("status" in ('pending', 'approved', 'declined', 'withdrawn')),
	CONSTRAINT "entrepreneur_approvals_listing_check" CHECK (("subject" = 'listing') = ("listing_id" is not null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "entrepreneur_approvals_token_key" ON "entrepreneur_approvals" USING btree ("token_hash");
--> statement-breakpoint
CREATE INDEX "entrepreneur_approvals_org_idx" ON "entrepreneur_approvals" USING btree ("organization_id","status");
--> statement-breakpoint
CREATE UNIQUE INDEX "entrepreneur_approvals_one_pending_key" ON "entrepreneur_approvals" USING btree ("organization_id","subject",coalesce("listing_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "status" = 'pending';
