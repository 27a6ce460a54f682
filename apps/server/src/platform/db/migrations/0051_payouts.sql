-- Payouts to every organisation (modules/payouts): the payout bank account of a school, business
-- partner, charity or young entrepreneur's shop is one table; a shop's change is confirmed by the
-- consenting guardian (D23), whose address and name the pending row keeps.
ALTER TABLE "school_payout_accounts" ADD COLUMN "confirmer_email" text;--> statement-breakpoint
ALTER TABLE "school_payout_accounts" ADD COLUMN "confirmer_name" text;--> statement-breakpoint
CREATE INDEX "marketplace_payouts_status_idx" ON "marketplace_payouts" ("status", "created_at");
