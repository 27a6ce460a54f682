-- The school's settings (D26): its profile, closures, notification choices, payout bank account, and
-- which permissions each school role holds there (overrides of the spec's defaults).
CREATE TABLE "school_profiles" (
	"organization_id" uuid PRIMARY KEY NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"emis_number" text NOT NULL DEFAULT '',
	"quintile" smallint CHECK ("quintile" BETWEEN 1 AND 5),
	"fee_status" text NOT NULL DEFAULT 'fee_paying' CHECK ("fee_status" IN ('fee_paying', 'no_fee')),
	"street_address" text NOT NULL DEFAULT '',
	"suburb" text NOT NULL DEFAULT '',
	"city" text NOT NULL DEFAULT '',
	"province" text NOT NULL DEFAULT '',
	"postal_code" text NOT NULL DEFAULT '',
	"phone" text NOT NULL DEFAULT '',
	"email" text NOT NULL DEFAULT '',
	"website" text NOT NULL DEFAULT '',
	"principal_name" text NOT NULL DEFAULT '',
	"logo_upload_id" uuid REFERENCES "uploads"("id") ON DELETE SET NULL,
	"updated_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE TABLE "school_closures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "school_closures_dates_check" CHECK ("ends_on" >= "starts_on")
);--> statement-breakpoint
CREATE UNIQUE INDEX "school_closures_org_start_name_key" ON "school_closures" ("organization_id", "starts_on", lower("name"));--> statement-breakpoint
CREATE TABLE "school_notification_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"absence_notices" boolean NOT NULL DEFAULT true,
	"updated_at" timestamp with time zone NOT NULL DEFAULT now()
);--> statement-breakpoint
CREATE TABLE "school_payout_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"bank_name" text NOT NULL,
	"branch_code" text NOT NULL,
	"account_number" text NOT NULL,
	"account_holder" text NOT NULL,
	"account_type" text NOT NULL CHECK ("account_type" IN ('current', 'savings', 'business', 'credit', 'transmission')),
	-- pending: awaiting the admin's e-mailed confirmation; confirmed: payouts use it; replaced, cancelled, expired: history.
	"status" text NOT NULL DEFAULT 'pending' CHECK ("status" IN ('pending', 'confirmed', 'replaced', 'cancelled', 'expired')),
	"token_hash" text,
	"expires_at" timestamp with time zone NOT NULL,
	"requested_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"requested_at" timestamp with time zone NOT NULL DEFAULT now(),
	"confirmed_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"confirmed_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "school_payout_accounts_confirmed_key" ON "school_payout_accounts" ("organization_id") WHERE "status" = 'confirmed';--> statement-breakpoint
CREATE UNIQUE INDEX "school_payout_accounts_pending_key" ON "school_payout_accounts" ("organization_id") WHERE "status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "school_payout_accounts_token_key" ON "school_payout_accounts" ("token_hash") WHERE "token_hash" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "school_payout_accounts_org_idx" ON "school_payout_accounts" ("organization_id");--> statement-breakpoint
ALTER TABLE "fee_payouts" ADD COLUMN "payout_account_id" uuid REFERENCES "school_payout_accounts"("id") ON DELETE SET NULL;--> statement-breakpoint
CREATE TABLE "school_role_permissions" (
	"organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
	"role" text NOT NULL,
	"permission" text NOT NULL,
	-- true: granted beyond the role's default; false: withdrawn from it.
	"granted" boolean NOT NULL,
	"updated_by" text REFERENCES "users"("id") ON DELETE SET NULL,
	"updated_at" timestamp with time zone NOT NULL DEFAULT now(),
	CONSTRAINT "school_role_permissions_pkey" PRIMARY KEY ("organization_id", "role", "permission")
);--> statement-breakpoint
-- A change of a school's table changes what its members may do: sessions read before it are out of date.
CREATE TRIGGER "school_role_permissions_bump_generation" AFTER INSERT OR UPDATE OR DELETE ON "school_role_permissions"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_generation"();
