ALTER TABLE "invoices" ADD COLUMN "lines" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Invoices issued before lines were kept hold their whole order as one line.
UPDATE "invoices" SET "lines" = jsonb_build_array(jsonb_build_object(
	'description', "description",
	'quantity', 1,
	'unitCents', "total_cents",
	'totalCents', "total_cents",
	'vatCents', "vat_cents"
));
