CREATE TABLE "ledger_accounts" (
	"code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"per_organization" boolean DEFAULT false NOT NULL,
	CONSTRAINT "ledger_accounts_type_check" CHECK ("ledger_accounts"."type" in ('asset', 'liability', 'revenue'))
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"journal_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"account_code" text NOT NULL,
	"organization_id" text,
	"amount_cents" bigint NOT NULL,
	"currency" text DEFAULT 'ZAR' NOT NULL,
	CONSTRAINT "ledger_entries_amount_nonzero" CHECK ("ledger_entries"."amount_cents" <> 0),
	CONSTRAINT "ledger_entries_currency_check" CHECK ("ledger_entries"."currency" = 'ZAR')
);
--> statement-breakpoint
CREATE TABLE "ledger_journals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"reference" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reverses_journal_id" uuid,
	"related_journal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_journals_kind_check" CHECK ("ledger_journals"."kind" in ('payment', 'fee', 'commission', 'refund', 'payout', 'reversal', 'subscription')),
	CONSTRAINT "ledger_journals_reversal_link" CHECK (("ledger_journals"."kind" = 'reversal') = ("ledger_journals"."reverses_journal_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"order_id" uuid,
	"provider_transaction_id" text,
	"outcome" text NOT NULL,
	"reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_notifications_outcome_check" CHECK ("payment_notifications"."outcome" in ('credited', 'duplicate', 'rejected', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "payment_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"buyer_user_id" text,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'ZAR' NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider" text NOT NULL,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"provider_transaction_id" text,
	"journal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_orders_kind_check" CHECK ("payment_orders"."kind" in ('subscription', 'registration', 'basket')),
	CONSTRAINT "payment_orders_status_check" CHECK ("payment_orders"."status" in ('pending', 'paid', 'failed', 'cancelled')),
	CONSTRAINT "payment_orders_provider_check" CHECK ("payment_orders"."provider" in ('sandbox', 'payfast')),
	CONSTRAINT "payment_orders_amount_check" CHECK ("payment_orders"."amount_cents" >= 0),
	CONSTRAINT "payment_orders_currency_check" CHECK ("payment_orders"."currency" = 'ZAR'),
	CONSTRAINT "payment_orders_paid_at_check" CHECK (("payment_orders"."status" = 'paid') = ("payment_orders"."paid_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_code_ledger_accounts_code_fk" FOREIGN KEY ("account_code") REFERENCES "public"."ledger_accounts"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_reverses_journal_id_ledger_journals_id_fk" FOREIGN KEY ("reverses_journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_related_journal_id_ledger_journals_id_fk" FOREIGN KEY ("related_journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_order_id_payment_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."payment_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD CONSTRAINT "payment_orders_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_journal_line_key" ON "ledger_entries" USING btree ("journal_id","line");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_org_idx" ON "ledger_entries" USING btree ("account_code","organization_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_kind_reference_key" ON "ledger_journals" USING btree ("kind","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_journals_reverses_key" ON "ledger_journals" USING btree ("reverses_journal_id");--> statement-breakpoint
CREATE INDEX "ledger_journals_related_idx" ON "ledger_journals" USING btree ("related_journal_id");--> statement-breakpoint
CREATE INDEX "payment_notifications_order_idx" ON "payment_notifications" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_orders_reference_key" ON "payment_orders" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_orders_buyer_idx" ON "payment_orders" USING btree ("buyer_user_id","created_at");