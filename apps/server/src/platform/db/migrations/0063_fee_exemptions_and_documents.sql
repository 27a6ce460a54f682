-- School fees: parents' applications for exemption from school fees (Schools Act regulations), the
-- automatic exemptions a public school records, VAT-able fee items for a VAT-registered school's tax
-- invoices, and the SMS fee reminders already sent (one per family per reminder).
CREATE TABLE "fee_exemption_applications" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
  "learner_id" uuid NOT NULL REFERENCES "learners"("id") ON DELETE cascade,
  "applicant_user_id" text REFERENCES "users"("id") ON DELETE set null,
  "year" smallint NOT NULL,
  "requested_extent" text NOT NULL,
  "annual_income_cents" bigint NOT NULL,
  "annual_fees_cents" bigint NOT NULL,
  "dependants" smallint NOT NULL,
  "notes" text DEFAULT '' NOT NULL,
  "document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "decided_extent" text,
  "decided_percent_bps" integer,
  "decided_amount_cents" integer,
  "decision_reason" text,
  "decided_by" text REFERENCES "users"("id") ON DELETE set null,
  "decided_at" timestamp with time zone,
  "exemption_id" uuid REFERENCES "fee_exemptions"("id"),
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "fee_exemption_applications_status_check" CHECK ("status" in ('pending', 'granted', 'declined')),
  CONSTRAINT "fee_exemption_applications_extent_check" CHECK ("requested_extent" in ('full', 'partial'))
);
--> statement-breakpoint
CREATE INDEX "fee_exemption_applications_org_idx" ON "fee_exemption_applications" ("organization_id", "status", "created_at");
--> statement-breakpoint
CREATE UNIQUE INDEX "fee_exemption_applications_pending_key" ON "fee_exemption_applications" ("learner_id", "year") WHERE "status" = 'pending';
--> statement-breakpoint
ALTER TABLE "fee_exemptions" ADD COLUMN "amount_cents" integer;
--> statement-breakpoint
ALTER TABLE "fee_exemptions" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "fee_items" ADD COLUMN "vat_applicable" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "fee_sms_reminders" (
  "organization_id" uuid NOT NULL REFERENCES "organizations"("id") ON DELETE cascade,
  "account_id" uuid NOT NULL REFERENCES "family_accounts"("id") ON DELETE cascade,
  "reminder_key" text NOT NULL,
  "status" text NOT NULL,
  "sms_message_id" uuid REFERENCES "sms_messages"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "fee_sms_reminders_pkey" PRIMARY KEY ("account_id", "reminder_key"),
  CONSTRAINT "fee_sms_reminders_status_check" CHECK ("status" in ('sent', 'opted_out', 'invalid'))
);
--> statement-breakpoint
CREATE INDEX "fee_sms_reminders_org_idx" ON "fee_sms_reminders" ("organization_id", "created_at");
