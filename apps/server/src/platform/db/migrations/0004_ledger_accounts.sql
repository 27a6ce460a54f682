-- The chart of accounts (CHART_OF_ACCOUNTS in src/db/schema/ledger.ts; a test keeps both equal).
INSERT INTO "ledger_accounts" ("code", "name", "type", "per_organization") VALUES
	('provider_clearing', 'Money held by the payment provider', 'asset', false),
	('organization_payable', 'Payable to schools and business partners', 'liability', true),
	('commission_revenue', 'Platform commission', 'revenue', false),
	('processing_fee_revenue', 'Processing fee (6.8%)', 'revenue', false),
	('payout_fee_revenue', 'Payout fees', 'revenue', false),
	('subscription_revenue', 'School subscriptions', 'revenue', false),
	('partner_fee_revenue', 'Business partner registration and recurring fees', 'revenue', false)
ON CONFLICT ("code") DO NOTHING;
--> statement-breakpoint
-- The ledger is append-only: corrections are reversing journals, never edits (D13).
CREATE OR REPLACE FUNCTION "ledger_refuse_change"() RETURNS trigger AS $$
BEGIN
	RAISE EXCEPTION 'The ledger is append-only: % on % is refused; post a reversing journal instead.', TG_OP, TG_TABLE_NAME
		USING ERRCODE = 'restrict_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER "ledger_journals_append_only" BEFORE UPDATE OR DELETE ON "ledger_journals"
	FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_entries_append_only" BEFORE UPDATE OR DELETE ON "ledger_entries"
	FOR EACH ROW EXECUTE FUNCTION "ledger_refuse_change"();
