DROP INDEX "learners_org_last_name_prefix_idx";--> statement-breakpoint
DROP INDEX "learners_org_first_name_prefix_idx";--> statement-breakpoint
DROP INDEX "learners_org_preferred_name_prefix_idx";--> statement-breakpoint
DROP INDEX "learners_org_admission_prefix_idx";--> statement-breakpoint
CREATE INDEX "learners_org_last_name_prefix_idx" ON "learners" USING btree ("organization_id",lower("last_name") text_pattern_ops,"last_name","first_name","preferred_name","grade","admission_number","archived_at","id");--> statement-breakpoint
CREATE INDEX "learners_org_first_name_prefix_idx" ON "learners" USING btree ("organization_id",lower("first_name") text_pattern_ops,"last_name","first_name","preferred_name","grade","admission_number","archived_at","id");--> statement-breakpoint
CREATE INDEX "learners_org_preferred_name_prefix_idx" ON "learners" USING btree ("organization_id",lower("preferred_name") text_pattern_ops,"last_name","first_name","preferred_name","grade","admission_number","archived_at","id");--> statement-breakpoint
CREATE INDEX "learners_org_admission_prefix_idx" ON "learners" USING btree ("organization_id","admission_number" text_pattern_ops,"last_name","first_name","preferred_name","grade","admission_number","archived_at","id");