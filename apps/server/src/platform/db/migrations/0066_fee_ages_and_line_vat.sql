-- School fees at a large school. Each invoice line keeps its VAT as it was when the invoice was
-- made (the fee item's flag may change later; an issued invoice does not). And the age analysis
-- reads a summary per family account: what is open on its invoices already due, by how long
-- overdue, as of a day (fee_age_days), for every grade together (grade -1) and per grade of the
-- learners billed, with the school's totals of it per grade (fee_age_totals). A family's credit
-- notes are found by its account (its statement). The finance module keeps it in the transaction of every invoice, credit note
-- and allocation, and moves it to the next day each night.
ALTER TABLE "fee_invoice_lines" ADD COLUMN "vat_applicable" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "fee_invoice_lines" ADD COLUMN "vat_cents" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "fee_invoice_lines" l SET "vat_applicable" = true,
  "vat_cents" = round(l."amount_cents" * 1500 / 11500.0)::integer
FROM "fee_items" fi WHERE fi."id" = l."item_id" AND fi."vat_applicable";
--> statement-breakpoint
CREATE TABLE "fee_age_days" (
  "organization_id" uuid PRIMARY KEY NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
  "as_of" date NOT NULL,
  "refreshed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "fee_account_ages" (
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
  "account_id" uuid NOT NULL REFERENCES "family_accounts"("id") ON DELETE cascade,
  "grade" smallint NOT NULL,
  "account_number" text NOT NULL,
  "current_cents" bigint NOT NULL,
  "d30_cents" bigint NOT NULL,
  "d60_cents" bigint NOT NULL,
  "d90_cents" bigint NOT NULL,
  "d120_cents" bigint NOT NULL,
  "total_cents" bigint NOT NULL,
  CONSTRAINT "fee_account_ages_pkey" PRIMARY KEY ("account_id", "grade"),
  CONSTRAINT "fee_account_ages_grade_check" CHECK ("grade" between -1 and 12)
);
--> statement-breakpoint
CREATE INDEX "fee_account_ages_page_idx" ON "fee_account_ages" ("organization_id", "grade", "total_cents" DESC, "account_number")
  INCLUDE ("account_id", "current_cents", "d30_cents", "d60_cents", "d90_cents", "d120_cents") WHERE "total_cents" > 0;
--> statement-breakpoint
CREATE TABLE "fee_age_totals" (
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
  "grade" smallint NOT NULL,
  "families" integer NOT NULL,
  "current_cents" bigint NOT NULL,
  "d30_cents" bigint NOT NULL,
  "d60_cents" bigint NOT NULL,
  "d90_cents" bigint NOT NULL,
  "d120_cents" bigint NOT NULL,
  "total_cents" bigint NOT NULL,
  CONSTRAINT "fee_age_totals_pkey" PRIMARY KEY ("organization_id", "grade")
);
--> statement-breakpoint
CREATE INDEX "fee_credit_notes_account_idx" ON "fee_credit_notes" ("organization_id", "account_id");
