-- The public directory (issue 42): what each organisation's public profile shows, and indexes
-- for the directory's search (name by trigrams, approved applications by organisation).
CREATE TABLE "directory_profiles" (
  "organization_id" uuid PRIMARY KEY NOT NULL REFERENCES "organizations"("id") ON DELETE CASCADE,
  "listed" boolean NOT NULL DEFAULT true,
  "show_email" boolean NOT NULL DEFAULT true,
  "show_phone" boolean NOT NULL DEFAULT true,
  "show_address" boolean NOT NULL,
  "show_map" boolean NOT NULL,
  "tag_line" text,
  "contact_email" text,
  "contact_phone" text,
  "updated_by" text REFERENCES "users"("id") ON DELETE SET NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "applications_organization_idx" ON "applications" ("organization_id") WHERE "organization_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "organizations_directory_idx" ON "organizations" ("type", lower("name")) WHERE "status" = 'active';
--> statement-breakpoint
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX "organizations_name_trgm_idx" ON "organizations" USING gin (lower("name") gin_trgm_ops)';
  END IF;
END $$;
