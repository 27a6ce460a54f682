CREATE TABLE "bank_import_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"import_id" uuid NOT NULL,
	"row" integer NOT NULL,
	"date" date NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"line_key" text NOT NULL,
	"status" text NOT NULL,
	"match_account_id" uuid,
	"match_by" text,
	"payment_id" uuid
);
--> statement-breakpoint
CREATE TABLE "bank_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "family_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"guardian_id" uuid NOT NULL,
	"account_number" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_allocations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"payment_id" uuid,
	"credit_note_id" uuid,
	"amount_cents" integer NOT NULL,
	"journal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_allocations_amount_check" CHECK ("fee_allocations"."amount_cents" <> 0)
);
--> statement-breakpoint
CREATE TABLE "fee_bursaries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"learner_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"percent_bps" integer,
	"amount_cents" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	CONSTRAINT "fee_bursaries_kind_check" CHECK ("fee_bursaries"."kind" in ('percent', 'amount'))
);
--> statement-breakpoint
CREATE TABLE "fee_credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" text NOT NULL,
	"invoice_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"reason" text NOT NULL,
	"issued_on" date NOT NULL,
	"journal_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_credit_notes_amount_check" CHECK ("fee_credit_notes"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "fee_exemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"learner_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"category" text NOT NULL,
	"decision" text NOT NULL,
	"extent" text NOT NULL,
	"percent_bps" integer,
	"decision_notes" text NOT NULL,
	"decided_on" date NOT NULL,
	"document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"decided_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_invoice_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"invoice_id" uuid NOT NULL,
	"learner_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"instalment" smallint NOT NULL,
	"instalments" smallint NOT NULL,
	"description" text NOT NULL,
	"item_kind" text NOT NULL,
	"gross_cents" integer NOT NULL,
	"discount_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"discounts" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"number" text NOT NULL,
	"account_id" uuid NOT NULL,
	"learner_id" uuid NOT NULL,
	"run_id" uuid,
	"year" smallint NOT NULL,
	"issued_on" date NOT NULL,
	"due_on" date NOT NULL,
	"total_cents" integer NOT NULL,
	"journal_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_invoices_total_check" CHECK ("fee_invoices"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fee_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"structure_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"plan" text NOT NULL,
	"due_dates" jsonb NOT NULL,
	CONSTRAINT "fee_items_amount_check" CHECK ("fee_items"."amount_cents" > 0),
	CONSTRAINT "fee_items_kind_check" CHECK ("fee_items"."kind" in ('tuition', 'levy', 'optional'))
);
--> statement-breakpoint
CREATE TABLE "fee_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"receipt_number" text NOT NULL,
	"account_id" uuid NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference" text NOT NULL,
	"received_on" date NOT NULL,
	"order_id" uuid,
	"bank_line_key" text,
	"journal_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_payments_amount_check" CHECK ("fee_payments"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "fee_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"schedule" text NOT NULL,
	"period" text,
	"amount_cents" integer NOT NULL,
	"fee_cents" integer NOT NULL,
	"requested_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_structures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"grade" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fee_structures_grade_check" CHECK ("fee_structures"."grade" between 0 and 12)
);
--> statement-breakpoint
CREATE TABLE "finance_counters" (
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "finance_counters_organization_id_kind_pk" PRIMARY KEY("organization_id","kind")
);
--> statement-breakpoint
CREATE TABLE "finance_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"sibling_second_bps" integer DEFAULT 500 NOT NULL,
	"sibling_third_plus_bps" integer DEFAULT 1000 NOT NULL,
	"reminder_days" jsonb DEFAULT '[7,30]'::jsonb NOT NULL,
	"vat_registered" boolean DEFAULT false NOT NULL,
	"vat_number" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"term" smallint,
	"grade" smallint,
	"status" text DEFAULT 'queued' NOT NULL,
	"learners_total" integer DEFAULT 0 NOT NULL,
	"learners_done" integer DEFAULT 0 NOT NULL,
	"invoices_created" integer DEFAULT 0 NOT NULL,
	"amount_cents" bigint DEFAULT 0 NOT NULL,
	"skipped" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "learner_fee_options" (
	"organization_id" uuid NOT NULL,
	"learner_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	CONSTRAINT "learner_fee_options_learner_id_item_id_pk" PRIMARY KEY("learner_id","item_id")
);
--> statement-breakpoint
CREATE TABLE "learner_fee_profiles" (
	"learner_id" uuid PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"fees_from" date
);
--> statement-breakpoint
ALTER TABLE "ledger_journals" DROP CONSTRAINT "ledger_journals_kind_check";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "party_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_import_lines" ADD CONSTRAINT "bank_import_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_import_lines" ADD CONSTRAINT "bank_import_lines_import_id_bank_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."bank_imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_import_lines" ADD CONSTRAINT "bank_import_lines_match_account_id_family_accounts_id_fk" FOREIGN KEY ("match_account_id") REFERENCES "public"."family_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_import_lines" ADD CONSTRAINT "bank_import_lines_payment_id_fee_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."fee_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD CONSTRAINT "bank_imports_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bank_imports" ADD CONSTRAINT "bank_imports_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_accounts" ADD CONSTRAINT "family_accounts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_accounts" ADD CONSTRAINT "family_accounts_guardian_id_guardians_id_fk" FOREIGN KEY ("guardian_id") REFERENCES "public"."guardians"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_account_id_family_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."family_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_invoice_id_fee_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."fee_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_payment_id_fee_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."fee_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_credit_note_id_fee_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."fee_credit_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_allocations" ADD CONSTRAINT "fee_allocations_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bursaries" ADD CONSTRAINT "fee_bursaries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bursaries" ADD CONSTRAINT "fee_bursaries_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_bursaries" ADD CONSTRAINT "fee_bursaries_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_credit_notes" ADD CONSTRAINT "fee_credit_notes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_credit_notes" ADD CONSTRAINT "fee_credit_notes_invoice_id_fee_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."fee_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_credit_notes" ADD CONSTRAINT "fee_credit_notes_account_id_family_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."family_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_credit_notes" ADD CONSTRAINT "fee_credit_notes_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_credit_notes" ADD CONSTRAINT "fee_credit_notes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_exemptions" ADD CONSTRAINT "fee_exemptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_exemptions" ADD CONSTRAINT "fee_exemptions_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_exemptions" ADD CONSTRAINT "fee_exemptions_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoice_lines" ADD CONSTRAINT "fee_invoice_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoice_lines" ADD CONSTRAINT "fee_invoice_lines_invoice_id_fee_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."fee_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoice_lines" ADD CONSTRAINT "fee_invoice_lines_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoice_lines" ADD CONSTRAINT "fee_invoice_lines_item_id_fee_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."fee_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_account_id_family_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."family_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_run_id_invoice_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."invoice_runs"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_invoices" ADD CONSTRAINT "fee_invoices_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_items" ADD CONSTRAINT "fee_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_items" ADD CONSTRAINT "fee_items_structure_id_fee_structures_id_fk" FOREIGN KEY ("structure_id") REFERENCES "public"."fee_structures"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_account_id_family_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."family_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_journal_id_ledger_journals_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."ledger_journals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payments" ADD CONSTRAINT "fee_payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payouts" ADD CONSTRAINT "fee_payouts_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_payouts" ADD CONSTRAINT "fee_payouts_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fee_structures" ADD CONSTRAINT "fee_structures_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_counters" ADD CONSTRAINT "finance_counters_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "finance_settings" ADD CONSTRAINT "finance_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_runs" ADD CONSTRAINT "invoice_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_runs" ADD CONSTRAINT "invoice_runs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_fee_options" ADD CONSTRAINT "learner_fee_options_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_fee_options" ADD CONSTRAINT "learner_fee_options_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_fee_options" ADD CONSTRAINT "learner_fee_options_item_id_fee_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."fee_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_fee_profiles" ADD CONSTRAINT "learner_fee_profiles_learner_id_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_fee_profiles" ADD CONSTRAINT "learner_fee_profiles_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_import_lines_import_idx" ON "bank_import_lines" USING btree ("import_id","row");--> statement-breakpoint
CREATE INDEX "bank_import_lines_key_idx" ON "bank_import_lines" USING btree ("organization_id","line_key");--> statement-breakpoint
CREATE INDEX "bank_imports_org_idx" ON "bank_imports" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "family_accounts_org_guardian_key" ON "family_accounts" USING btree ("organization_id","guardian_id");--> statement-breakpoint
CREATE UNIQUE INDEX "family_accounts_org_number_key" ON "family_accounts" USING btree ("organization_id","account_number");--> statement-breakpoint
CREATE INDEX "fee_allocations_invoice_idx" ON "fee_allocations" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "fee_allocations_payment_idx" ON "fee_allocations" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "fee_bursaries_learner_idx" ON "fee_bursaries" USING btree ("organization_id","learner_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_credit_notes_org_number_key" ON "fee_credit_notes" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "fee_credit_notes_invoice_idx" ON "fee_credit_notes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "fee_exemptions_learner_idx" ON "fee_exemptions" USING btree ("organization_id","learner_id","year");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoice_lines_billed_key" ON "fee_invoice_lines" USING btree ("learner_id","item_id","instalment");--> statement-breakpoint
CREATE INDEX "fee_invoice_lines_invoice_idx" ON "fee_invoice_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_invoices_org_number_key" ON "fee_invoices" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "fee_invoices_account_idx" ON "fee_invoices" USING btree ("organization_id","account_id","due_on");--> statement-breakpoint
CREATE INDEX "fee_invoices_learner_idx" ON "fee_invoices" USING btree ("organization_id","learner_id");--> statement-breakpoint
CREATE INDEX "fee_items_structure_idx" ON "fee_items" USING btree ("structure_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payments_org_receipt_key" ON "fee_payments" USING btree ("organization_id","receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payments_order_key" ON "fee_payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payments_bank_line_key" ON "fee_payments" USING btree ("organization_id","bank_line_key");--> statement-breakpoint
CREATE INDEX "fee_payments_account_idx" ON "fee_payments" USING btree ("organization_id","account_id","received_on");--> statement-breakpoint
CREATE INDEX "fee_payments_org_received_idx" ON "fee_payments" USING btree ("organization_id","received_on");--> statement-breakpoint
CREATE INDEX "fee_payouts_org_idx" ON "fee_payouts" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_payouts_weekly_key" ON "fee_payouts" USING btree ("organization_id","period");--> statement-breakpoint
CREATE UNIQUE INDEX "fee_structures_org_year_grade_key" ON "fee_structures" USING btree ("organization_id","year","grade");--> statement-breakpoint
CREATE INDEX "invoice_runs_org_idx" ON "invoice_runs" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "ledger_entries_party_idx" ON "ledger_entries" USING btree ("party_id") WHERE "ledger_entries"."party_id" is not null;--> statement-breakpoint
ALTER TABLE "ledger_journals" ADD CONSTRAINT "ledger_journals_kind_check" CHECK ("ledger_journals"."kind" in ('payment', 'fee', 'commission', 'refund', 'payout', 'reversal', 'subscription', 'fee_invoice', 'fee_credit_note', 'fee_payment', 'fee_allocation', 'fee_payout'));--> statement-breakpoint
-- A school's own fee books join the chart of accounts (CHART_OF_ACCOUNTS in schema/ledger.ts; a test keeps both equal).
INSERT INTO "ledger_accounts" ("code", "name", "type", "per_organization") VALUES
	('school_fees_receivable', 'School fees owed by families', 'asset', true),
	('school_family_credit', 'Families’ payments not yet set against an invoice', 'liability', true),
	('school_fee_income', 'School fees invoiced', 'revenue', true),
	('school_fee_concessions', 'Sibling discounts, bursaries and exemptions', 'revenue', true),
	('school_bank', 'School fees banked by the school', 'asset', true),
	('school_due_from_platform', 'Online fee collections held for the school', 'asset', true),
	('school_online_commission', 'Platform commission on online fee payments (5%)', 'revenue', true),
	('school_payout_fees', 'Payout fees on online fee collections', 'revenue', true)
ON CONFLICT ("code") DO NOTHING;
