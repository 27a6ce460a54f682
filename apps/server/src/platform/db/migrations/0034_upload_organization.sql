ALTER TABLE "uploads" ADD COLUMN "organization_id" uuid;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uploads_organization_idx" ON "uploads" USING btree ("organization_id") WHERE "uploads"."organization_id" is not null;--> statement-breakpoint
-- Attaches the documents named in each approved application's step data to the organisation its
-- approval created, as decideApplication does on approval.
UPDATE "uploads" SET "organization_id" = "applications"."organization_id"
FROM "applications"
WHERE "applications"."organization_id" IS NOT NULL
	AND "applications"."status" = 'approved'
	AND "applications"."user_id" = "uploads"."owner_user_id"
	AND "uploads"."deleted_at" IS NULL
	AND jsonb_path_exists("applications"."step_data", '$.** ? (@.id == $id)', jsonb_build_object('id', "uploads"."id"::text));
